import type { EngineConfig } from '../config.js';
import type { LanguageIndex, QueryWord } from '../knowledge/knowledge-index.js';
import type { Coverage, Retrieval } from './retrieve.js';
import { fold, tokenize } from '../knowledge/text.js';
import { allPacks } from '../language/pack.js';
import { splitSentences } from './sentences.js';

/**
 * Whether a question word names what an article is about (its title, tags, synonyms, sample
 * questions or headings hold it), not merely a place or a qualifier its text happens to contain.
 */
function names(
  word: QueryWord,
  topic: ReadonlySet<string> | undefined,
  qualifying: ReadonlySet<string>,
): boolean {
  if (!topic || word.name || word.groups.some((g) => qualifying.has(g))) return false;
  return word.stems.some((s) => topic.has(s)) || word.groups.some((g) => topic.has(g));
}

/**
 * Whether the best article holds every content word of the question (places and qualifiers aside)
 * somewhere in its text: a question phrased in an article's own words ("I need a wheelchair at the
 * airport, does that cost anything" of conditions whose headings name no wheelchair).
 */
function heldWhole(
  words: readonly QueryWord[],
  best: Coverage | undefined,
  qualifying: ReadonlySet<string>,
): boolean {
  const content = words.filter((w) => !w.name && !w.groups.some((g) => qualifying.has(g)));
  return content.length >= 1 && content.every((w) => best?.matched.has(w));
}

/** The index, the question's words, the best passage's text, the qualifying groups, the IDF floor. */
type SentenceArgs = [
  LanguageIndex,
  readonly QueryWord[],
  string | undefined,
  ReadonlySet<string>,
  number,
];

/**
 * Whether one sentence of the best passage holds enough of the question's words: `enough` is
 * given the words a sentence holds and the specific ones among them (no name, no qualifier, an
 * IDF of at least `minIdf`).
 */
function heldInOneSentence(
  ...[index, words, text, qualifying, minIdf, enough]: [
    ...SentenceArgs,
    (held: number, specific: number) => boolean,
  ]
): boolean {
  if (!text) return false;
  const isSpecific = (w: QueryWord) =>
    !w.name && w.idf >= minIdf && !w.groups.some((g) => qualifying.has(g));
  return splitSentences(text).some((sentence) => {
    const terms = index.termsOf(sentence);
    const held = words.filter((w) => w.stems.some((s) => terms.has(s)));
    return enough(held.length, held.filter(isSpecific).length);
  });
}

/**
 * Whether one sentence of the best passage holds two of the question's specific words ("oxygen
 * concentrator"): an article need not name in its headings every thing its text rules on.
 */
const saidTogether = (...args: SentenceArgs) =>
  heldInOneSentence(...args, (_, specific) => specific >= 2);

/**
 * Whether one sentence of the best passage holds a specific word of the question with two more of
 * its words, qualifiers and names among them ("transfer my Midi ticket" of "Transferring a Midi …
 * ticket to another person costs EUR 50").
 */
const saidWithQualifiers = (...args: SentenceArgs) =>
  heldInOneSentence(...args, (held, specific) => held >= 3 && specific >= 1);

let actions: RegExp[] | undefined;
/** Whether a question asks the steward to do something for the passenger (the packs' `asks_action`). */
export function asksAction(question: string): boolean {
  actions ??= allPacks().flatMap((p) => (p.asks_action ?? []).map((source) => new RegExp(source)));
  const folded = fold(question.toLowerCase());
  return actions.some((pattern) => pattern.test(folded));
}

let existence: RegExp[] | undefined;
/**
 * The first content word of what a question asks to exist ("ima li *wifi* u avionu", "are there
 * *USB* ports"), after the packs' `asks_existence` words; places, qualifiers and flying itself
 * ("u avionu", "at the airport") are passed over.
 */
export function askedToExist(
  question: string,
  words: readonly QueryWord[],
  passOver: ReadonlySet<string>,
): QueryWord | undefined {
  existence ??= allPacks().flatMap((p) => (p.asks_existence ?? []).map((s) => new RegExp(s)));
  const folded = fold(question.toLowerCase());
  for (const pattern of existence) {
    const found = pattern.exec(folded);
    if (!found) continue;
    const after = folded.slice(found.index + found[0].length).split(/[.?!,;:]/)[0] ?? '';
    for (const token of tokenize(after).map(fold)) {
      const word = words.find((w) => fold(w.token.toLowerCase()) === token);
      if (word && !word.name && !word.groups.some((g) => passOver.has(g))) return word;
    }
  }
  return undefined;
}

/**
 * A word of the question naming a subject the travel lexicon knows (smoking, parking, insurance)
 * of which no article of this airline writes anything: not the word, nor any word of its group,
 * nor a word beginning as it does. Only a word of the clause that asks counts, when another
 * clause tells the passenger's story.
 */
export function absentSubject(
  index: LanguageIndex,
  words: readonly QueryWord[],
  asking: ReadonlySet<string> | undefined,
  minSharedPrefix: number,
): QueryWord | undefined {
  return words.find((word) => {
    if (word.name || word.known || (asking && !asking.has(word.token))) return false;
    const subjects = word.groups.filter((g) => index.subjectTerms.has(g));
    if (subjects.length === 0 || subjects.some((g) => index.documentFrequency.has(g))) return false;
    const prefixes = word.stems
      .filter((s) => s.length >= minSharedPrefix)
      .map((s) => s.slice(0, minSharedPrefix));
    for (const term of index.documentFrequency.keys())
      if (prefixes.some((p) => term.startsWith(p))) return false;
    return true;
  });
}

let live: { asks: RegExp[]; unless: RegExp[] }[] | undefined;
/**
 * Whether a question asks for live information no knowledge base of rules holds: the fare of a
 * route or a date, a flight's schedule or status today, the passenger's own booking, the weather
 * forecast (the packs' `asks_live` rules, each unless it asks what a rule does about it: a flight
 * cancelled for the weather).
 */
export function asksLive(question: string): boolean {
  live ??= allPacks().flatMap((p) =>
    (p.asks_live ?? []).map((rule) => ({
      asks: rule.asks.map((s) => new RegExp(s)),
      unless: (rule.unless ?? []).map((s) => new RegExp(s)),
    })),
  );
  const folded = fold(question.toLowerCase());
  return live.some(
    (rule) =>
      rule.asks.some((pattern) => pattern.test(folded)) &&
      !rule.unless.some((pattern) => pattern.test(folded)),
  );
}

let company: RegExp[] | undefined;
/**
 * Whether a question asks about the company itself rather than its rules: its people, owners,
 * fleet, history, shares or jobs (the packs' `asks_company`).
 */
export function asksCompany(question: string): boolean {
  company ??= allPacks().flatMap((p) => (p.asks_company ?? []).map((s) => new RegExp(s)));
  const folded = fold(question.toLowerCase());
  return company.some((pattern) => pattern.test(folded));
}

/** Share of the question's content weight the article holds, places aside. */
function coverageWithoutNames(words: readonly QueryWord[], best: Coverage | undefined): number {
  let total = 0;
  let covered = 0;
  for (const word of words) {
    if (word.name) continue;
    total += word.idf;
    if (best?.matched.has(word)) covered += word.idf;
  }
  return total > 0 ? covered / total : 0;
}

/** The relevance gate's verdict, with the first reason it failed (for the trace). */
export interface Relevance {
  relevant: boolean;
  reason?:
    | 'no words'
    | 'low score'
    | 'low coverage'
    | 'only generic words'
    | 'no topic word'
    | 'a request no article answers'
    | 'live information no article holds'
    | 'a thing no article names'
    | 'the company itself, not its rules'
    | 'a subject no article writes about';
}

/**
 * The relevance gate: the knowledge base answers a question when its best section scores well
 * enough, its article holds most of the question's weight, at least one matched word is specific
 * (generic words like "flight" or "cost" alone do not make a match, unless several of them and
 * nearly nothing else make up the question), and a word names what one of the leading articles is
 * about (or the article holds the whole question).
 */
export function judgeRelevance(
  index: LanguageIndex,
  words: readonly QueryWord[],
  retrieval: Retrieval,
  qualifying: ReadonlySet<string>,
  config: EngineConfig['relevance'],
  /** What the question's wording says it asks for, beside its words. */
  asks: {
    /** The steward to do something for the passenger. */
    action?: boolean;
    /** Live information (a route's fare, a schedule, the weather forecast). */
    live?: boolean;
    /** Whether a thing is there: the word naming it. */
    exists?: QueryWord;
    /** The company itself (its people, fleet, shares, jobs), not its rules. */
    company?: boolean;
    /** A subject the lexicon knows and no article writes about: the word naming it. */
    absent?: QueryWord;
    /** The words of the clauses that ask, when others tell the passenger's story. */
    asking?: ReadonlySet<string>;
    /** The clauses that ask point back at the story ("how do I get it back?"). */
    asksBack?: boolean;
    /** Group terms of flying itself (the lexicon's `everywhere`), which name no subject. */
    everywhere?: ReadonlySet<string>;
  } = {},
): Relevance {
  const { best, results, topScore } = retrieval;
  if (words.length === 0) return { relevant: false, reason: 'no words' };
  if (asks.live) return { relevant: false, reason: 'live information no article holds' };
  if (asks.company) return { relevant: false, reason: 'the company itself, not its rules' };
  // "Is there Wi-Fi on board?" of articles that never write "Wi-Fi": whatever they say of the
  // flight, they do not say that. Unless one sentence of the best section holds two specific
  // words of the rest of the question: then the thing is the passenger's own word for what that
  // sentence rules on ("ima li ona korpica da beba spava" of the bassinet's limits).
  if (
    asks.exists &&
    !asks.exists.known &&
    asks.exists.groups.every((g) => !index.documentFrequency.has(g)) &&
    !saidTogether(
      index,
      words.filter((w) => w !== asks.exists),
      results[0]?.text,
      qualifying,
      config.minMatchedIdf * index.idf(''),
    )
  )
    return { relevant: false, reason: 'a thing no article names' };
  // "Is vaping allowed on board?" of articles that never write of smoking: whatever they say of
  // the cabin, they do not say that.
  if (asks.absent) return { relevant: false, reason: 'a subject no article writes about' };
  // "Is there free food on the flight to London?": a section that names none of the subjects
  // beside the journey asked about (the pets' fees to London) does not answer it.
  // A subject beside the journey that the story names and the question points back at ("I left
  // my kindle in the seat pocket… how do I get it back?") is asked about too.
  const aside = words.filter(
    (w) =>
      (!asks.asking || asks.asksBack || asks.asking.has(w.token)) &&
      w.groups.some((g) => index.peripheralSubjectTerms.has(g)),
  );
  const first = results[0];
  if (aside.length > 0 && first) {
    // The leading section, or one of its article scoring nearly as well ("Briga o putnicima"
    // beside "Odšteta n/a", asked for food during a delay).
    const near = results.filter(
      (r) => r.articleId === first.articleId && r.score >= first.score * config.nearShare,
    );
    const said = index.termsOf(near.map((r) => `${r.heading}\n${r.text}`).join('\n'));
    const topic = index.topics.get(first.articleId);
    // Not where the text writes of it as part of a case the question does not name (the meals
    // given while a delayed flight is awaited, asked about food on the flight).
    const asked = new Set(words.flatMap((w) => w.groups));
    // A question naming one of those cases (a flight cancelled overnight, asked where to sleep)
    // is answered by a text of any of them.
    const writesOf = (terms: ReadonlySet<string> | undefined, group: string) => {
      if (!terms?.has(group)) return false;
      const cases = index.peripheralContexts.get(group) ?? [];
      return cases.some((c) => asked.has(c)) || !cases.some((c) => terms.has(c));
    };
    if (!aside.some((w) => w.groups.some((g) => writesOf(said, g) || writesOf(topic, g))))
      return { relevant: false, reason: 'a subject no article writes about' };
    // Nor by a section that holds only the question's place and flying ("free food on the
    // flight to London?" of the distance that London's compensation is counted by).
    const own = (w: QueryWord) =>
      !w.name &&
      !w.groups.some((g) => qualifying.has(g) || asks.everywhere?.has(g)) &&
      w.groups.length + w.stems.length > 0;
    if (!words.some((w) => own(w) && [...w.stems, ...w.groups].some((t) => said.has(t))))
      return { relevant: false, reason: 'a subject no article writes about' };
  }
  // A subject beside the journey is answered by a section written about it, not by one that
  // mentions it in passing ("cannot eat without help" of "snacks on board").
  if (topScore < (aside.length > 0 ? config.minPeripheralScore : config.minScore))
    return { relevant: false, reason: 'low score' };
  // A passenger's long story ("the flight landed in Rome 4 hours late because of a technical
  // problem…") holds many words no article uses; the article holding several rare words of it
  // answers, though they are a small share of the whole.
  const heldWeight = words
    .filter((w) => !w.name && best?.matched.has(w))
    .reduce((sum, w) => sum + w.idf, 0);
  const longStory =
    words.length >= config.minStoryWords &&
    heldWeight >= config.minHeldWeight * index.idf('') &&
    (best?.coverage ?? 0) >= config.minStoryCoverage;
  // So is a question that says two of the best section's specific words together, as its heading
  // or one of its sentences does ("baby … on my lap" of "Infants under 2: on an adult's lap"),
  // whatever words of its own it wraps them in.
  const top = results[0];
  const heldTogether =
    (best?.coverage ?? 0) >= config.minStoryCoverage &&
    saidTogether(
      index,
      words,
      top ? `${top.heading}.\n${top.text}` : undefined,
      qualifying,
      config.minMatchedIdf * index.idf(''),
    );
  // A story around a question that the article answers whole ("my grandmother … can't manage the
  // long walk. How far ahead do we request a wheelchair, and is there a charge?"): the clauses
  // that ask hold enough of their own weight, in two words or more.
  const asked = asks.asking ? words.filter((w) => !w.name && asks.asking?.has(w.token)) : [];
  const askedHeld = asked.filter((w) => best?.matched.has(w));
  const askedWeight = asked.reduce((sum, w) => sum + w.idf, 0);
  const askAnswered =
    askedHeld.filter((w) => !w.groups.some((g) => qualifying.has(g))).length >= 2 &&
    askedWeight > 0 &&
    askedHeld.reduce((sum, w) => sum + w.idf, 0) / askedWeight >= config.minAskedCoverage;
  if ((best?.coverage ?? 0) < config.minCoverage && !longStory && !heldTogether && !askAnswered)
    return { relevant: false, reason: 'low coverage' };
  // A matched word naming a subject (pregnancy, a pet) is specific whatever its IDF: an article
  // about it may write it everywhere, in its tags too.
  const heading = results[0] ? index.termsOf(results[0].heading) : new Set<string>();
  // The heading names it as written, or inflected as the search matched it ("na Krupcu" of the
  // heading "Krupac"): a matched term of the section's heading that begins as the word does and
  // that no other word of the question stands for.
  const headingMatched = [...(retrieval.matchedTerms.get(results[0]?.id ?? '') ?? [])].filter(
    (t) => heading.has(t) && !words.some((w) => w.stems.includes(t) || w.groups.includes(t)),
  );
  const inHeading = (w: QueryWord) =>
    w.stems.some(
      (s) => heading.has(s) || headingMatched.some((t) => t.slice(0, 3) === s.slice(0, 3)),
    );
  const specific =
    (best?.strongest ?? 0) >= config.minMatchedIdf * index.idf('') ||
    // A name the best section's heading gives (a package, a fare): what the section is about.
    words.some((w) => w.name && best?.matched.has(w) && inHeading(w)) ||
    words.some((w) => best?.matched.has(w) && w.groups.some((g) => index.subjectTerms.has(g))) ||
    // The clauses that ask, when others tell the passenger's case ("Kupila sam Runolist, koliko
    // kofera mogu predati?"): the story's own words are no part of what is asked.
    (asked.length > 0 &&
      coverageWithoutNames(asked, best) >= 0.9 &&
      asked.filter((w) => !w.name && best?.matched.has(w)).length >= 2) ||
    (coverageWithoutNames(words, best) >= 0.9 &&
      ((best?.matchedWords ?? 0) >= 2 ||
        // A product's name of two words ("an Extra Legroom seat"), not a place.
        words.filter((w) => w.name && best?.matched.has(w)).length >= 2));
  if (!specific) return { relevant: false, reason: 'only generic words' };
  // The leading articles, as the composer may quote any of them.
  const topics = [...new Set(results.slice(0, config.topicResults).map((r) => r.articleId))].map(
    (id) => index.topics.get(id),
  );
  // A request to do something ("book me a hotel for two nights") is answered only by an article
  // that holds every word of it, the action too: a rule that mentions hotels in passing (the
  // room the airline books during a long delay) is no answer to it.
  if (asks.action && !words.every((w) => w.name || best?.matched.has(w)))
    return { relevant: false, reason: 'a request no article answers' };
  const inBest: SentenceArgs = [
    index,
    words,
    results[0]?.text,
    qualifying,
    config.minMatchedIdf * index.idf(''),
  ];
  const named =
    words.some((w) => topics.some((topic) => names(w, topic, qualifying))) ||
    heldWhole(words, best, qualifying) ||
    saidTogether(...inBest) ||
    saidWithQualifiers(...inBest);
  return named ? { relevant: true } : { relevant: false, reason: 'no topic word' };
}
