import type { Source } from '@supersteward/contract';
import type { KnowledgeBase, QueryAnalysis, QueryWord } from '../knowledge/knowledge-index.js';
import type { ScoredPassage } from '../knowledge/types.js';
import type { Replaced } from '../knowledge/replaced-figures.js';
import { oncePerText } from '../knowledge/per-text.js';
import { rowLabel } from '../knowledge/row-label.js';
import { escapeRegExp, fold, normalizeText, tokenize } from '../knowledge/text.js';
import { isStopWord } from '../knowledge/stopwords.js';
import { allPacks } from '../language/pack.js';
import { labelHoldsPlace, listedNames } from './members.js';
import { intentWeight, questionIntents, questionParts, type AskedIntent } from './intents.js';
import { figurePrecision, numberFit, questionNumbers } from './numbers.js';
import { isTypoOf } from './typos.js';
import { toLatin } from './script.js';
import { splitSentences } from './sentences.js';
import { summaryArticles } from './summaries.js';

/** Stage 5 of grounding: the sentences that answer, in answer order, and the article they are from. */
export interface Selection {
  chosen: Candidate[];
  sources: Source[];
}

export interface Candidate {
  passage: ScoredPassage;
  sentence: string;
  order: number;
  score: number;
  wordScore: number;
  intent: number;
  /** A table row or list item whose label the question names, or another one. */
  row: 'named' | 'other' | undefined;
  /** The row is named by a place the question names (the trip's band or zone). */
  placeRow: boolean;
  /** It names only another side of a contrast than the question does (the cabin, asked about the hold). */
  otherSide: boolean;
  /** Names a narrower case (an electric wheelchair) than the question asks about. */
  narrower: boolean;
  /** States the general rule where the question names a case of its own (twins, a pug). */
  general: boolean;
  /**
   * States its figures only roughly ("about 20 kg", "from EUR 35"), or stands in a section that
   * states all its figures so, as a summary of the rules does.
   */
  approximate: boolean;
  /** Stands in an article summing up the rules with rounded figures. */
  summary: boolean;
}

/** Whether a set of sentence terms holds a query stem, allowing the index's prefix and typo matches. */
function holds(terms: Set<string>, stem: string, expansions: readonly string[]): boolean {
  if (terms.has(stem)) return true;
  return expansions.some((e) => terms.has(e) && (e.startsWith(stem) || isTypoOf(e, stem)));
}

function scoreWord(
  word: QueryWord,
  terms: Set<string>,
  expansions: readonly string[],
  synonym: number,
  idf: (term: string) => number,
): number {
  if (word.stems.some((s) => holds(terms, s, expansions))) return word.idf;
  const found = word.groups.filter((g) => terms.has(g));
  if (found.length === 0) return 0;
  // A word found only through its synonym group, when the articles also use the word itself
  // (otherwise the synonym is the articles' word for it and counts fully). Of a word's groups the
  // rarest is the most specific ("hamster": rodents, within pets): a sentence holding only the
  // broader one ("cats and dogs") holds the word in part, by the groups' IDF.
  const specificity =
    word.groups.length > 1 ? Math.max(...found.map(idf)) / Math.max(...word.groups.map(idf)) : 1;
  return word.idf * (word.known ? synonym : 1) * specificity;
}

/**
 * Every sentence of the leading passages with its score: the passage's rank (sections are the units
 * articles are written in), the share of the question its section holds (rare words weigh by their
 * squared IDF), the question's words in the sentence, the figure asked for, the question's numbers,
 * less a charge nobody asked about and a little for lying later in the section or article.
 */
export function candidates(
  kb: KnowledgeBase,
  analysis: QueryAnalysis,
  asked: AskedIntent[],
  /** The question asks how to go about something: a section saying how is read too. */
  howAsked = false,
): Candidate[] {
  const { weights: WEIGHTS, ...limits } = kb.config.compose;
  const top = analysis.results[0]?.score ?? 0;
  const totalWeight = analysis.words.reduce((sum, w) => sum + w.idf ** 2, 0) || 1;
  const raw: (Omit<Candidate, 'score'> & {
    labelTerms?: Set<string> | undefined;
    givesAsked?: boolean;
  })[] = [];
  const index = kb.indexes[analysis.language];
  const idf = (term: string) => index.idf(term);
  const base = new Map<string, number>();
  const numbers = questionNumbers(analysis.question);
  const namedRows = new Set<string>();
  /** The terms of each labelled row (a table's or a list's), by passage. */
  const rows = new Map<string, Set<string>[]>();
  const questionGroups = new Set(analysis.words.flatMap((w) => w.groups));
  // The meals, hotels or transfers the question asks about.
  const peripheralAsked = [...index.peripheralSubjectTerms].filter((t) => questionGroups.has(t));
  // The places the question names that the articles list (a route zone's cities).
  const listed = listedNames(kb, analysis.language);
  const places = analysis.words.filter((w) => w.stems.some((t) => listed.has(t)));
  // The airline's products the question names (a fare: "Bedem"): words written capitalised
  // everywhere that are no place. A section headed by another product ("Kula", a fare's tab)
  // rules on that product's case.
  const product = (t: string) => index.isProduct(t);
  const productsAsked = analysis.words.filter((w) => w.stems.some(product));
  const productSubject = (sentence: string) => {
    const first = /^\p{Lu}\p{L}+/u.exec(sentence)?.[0];
    return first && [...kb.termsOf(first, analysis.language)].some(product) ? first : undefined;
  };
  const otherProduct = (terms: ReadonlySet<string>) =>
    productsAsked.length > 0 &&
    !productsAsked.some((w) => w.stems.some((t) => terms.has(t))) &&
    [...terms].some(product);
  // Whether a text names a side of a contrast the question names a side of (cabin, hold).
  const namesSide = (terms: ReadonlySet<string>) =>
    index.contrastSets.some(
      (set) => [...set].some((t) => questionGroups.has(t)) && [...set].some((t) => terms.has(t)),
    );
  const otherPlace = (terms: ReadonlySet<string>) =>
    places.length > 0 &&
    !places.some((w) => w.stems.some((t) => terms.has(t))) &&
    [...terms].some((t) => listed.has(t) && index.names.has(t));
  // A question about a refund asks about money: the refund's fee is no charge nobody asked about.
  const price = asksPrice(asked) || [...kb.lexicon.money].some((g) => questionGroups.has(`_${g}`));
  // Asked yes or no, a rule in words ("free of charge") answers as well as a figure.
  const yesNo = asksYesNo(analysis.question);
  const verbalShare = yesNo ? 1 : limits.verbalFigureShare;
  // Below the share, a passage is read only for a figure asked for that none above gives (the
  // call centre's number, three sections below the one that names the phone).
  const given = new Set<AskedIntent>();
  const summaries = summaryArticles(kb);
  const ungiven = () =>
    asked.filter((a) => !given.has(a) && !a.story).map((a) => ({ ...a, weight: 1 }));
  // A narrowing case the question names (a pug, twins) that a section of an article names: the
  // article's other sections state the general case, not the one asked.
  const casesOfArticles = new Map<string, Set<string>>();
  for (const passage of analysis.results.slice(0, limits.passages)) {
    const terms = kb.termsOf(`${passage.heading}\n${passage.text}`, analysis.language);
    for (const t of index.narrowingTerms)
      if (questionGroups.has(t) && terms.has(t)) {
        const cases = casesOfArticles.get(passage.articleId) ?? new Set<string>();
        cases.add(t);
        casesOfArticles.set(passage.articleId, cases);
      }
  }
  for (const passage of analysis.results.slice(0, limits.passages)) {
    const share = passage.score / top;
    if (share < limits.minFigurePassageShare) break;
    if (
      share < limits.minPassageShare &&
      intentWeight(passage.text, ungiven(), 0) < 1 &&
      !(howAsked && isHowHeading(passage.heading))
    )
      continue;
    const expansions = analysis.matchedTerms.get(passage.id) ?? [];
    const sectionTerms = kb.termsOf(
      `${passage.parent ?? ''}\n${passage.heading}\n${passage.text}`,
      analysis.language,
    );
    const held = analysis.words.reduce(
      (sum, w) => sum + scoreWord(w, sectionTerms, expansions, WEIGHTS.synonym, idf) * w.idf,
      0,
    );
    base.set(
      passage.id,
      WEIGHTS.passage * (passage.score / top) +
        WEIGHTS.coverage * (held / totalWeight) -
        sectionOrder(kb, passage) * limits.sectionOrderPenalty,
    );
    // A section whose heading names another place ("Pets on London and Dublin flights"), or the
    // name of a list of places without the one asked ("Balkans"), rules on another place's case
    // in each of its sentences.
    const headingTerms = kb.termsOf(passage.heading, analysis.language);
    const otherPlaceSection =
      otherPlace(headingTerms) ||
      otherProduct(headingTerms) ||
      (places.length > 0 &&
        labelHoldsPlace(
          kb,
          analysis.language,
          passage.articleId,
          analysis.words,
          passage.heading,
        ) === false);
    const sentences = splitSentences(passage.text);
    const sentenceTerms = sentences.map((sentence) => kb.termsOf(sentence, analysis.language));
    const productSubjects = sentences.map(productSubject);
    const productRows = new Set(productSubjects.filter(Boolean)).size >= 2;
    // A narrowing case the question names (twins, an electric wheelchair) that a sentence of the
    // section names: the section's other sentences state the general case, not the one asked.
    // So does a meal or a hotel asked of a delay's care, beside the delay's other rules.
    const casesAsked = [
      ...[...index.narrowingTerms].filter(
        (t) =>
          questionGroups.has(t) &&
          (sentenceTerms.some((terms) => terms.has(t)) ||
            casesOfArticles.get(passage.articleId)?.has(t)),
      ),
      ...peripheralAsked.filter((t) => sentenceTerms.some((terms) => terms.has(t))),
    ];
    const precisions = sentences.map(figurePrecision);
    const summary = summaries.has(`${passage.language}/${passage.articleId}`);
    const rough = summary || (precisions.includes('rough') && !precisions.includes('exact'));
    sentences.forEach((sentence, order) => {
      const terms = sentenceTerms[order] ?? new Set<string>();
      const general = casesAsked.length > 0 && !casesAsked.some((t) => terms.has(t));
      const wordScore = analysis.words.reduce(
        (sum, w) => sum + scoreWord(w, terms, expansions, WEIGHTS.synonym, idf),
        0,
      );
      // A sentence whose subject is one of the airline's products ("Livada tickets cancelled…"),
      // in a section ruling product by product, is that product's row, as "Livada: …" would be.
      const label = rowLabel(sentence) ?? (productRows ? productSubjects[order] : undefined);
      const labelTerms = label === undefined ? undefined : kb.termsOf(label, analysis.language);
      if (labelTerms) {
        const table = rows.get(passage.id) ?? [];
        table.push(terms);
        rows.set(passage.id, table);
      }
      // A place the article lists under the label ("to Copenhagen" of "West & North Europe").
      const member =
        label !== undefined &&
        labelHoldsPlace(kb, analysis.language, passage.articleId, analysis.words, label) === true;
      raw.push({
        // Another place's figure (Vienna's, asked about Sarajevo) is another case's too.
        otherSide:
          index.namesOtherSide(questionGroups, terms) || otherPlace(terms) || otherPlaceSection,
        narrower: index.namesNarrowerCase(questionGroups, terms) || general,
        general,
        approximate: rough || precisions[order] === 'rough',
        summary,
        row: labelTerms === undefined ? undefined : member ? 'named' : 'other',
        placeRow: member,
        labelTerms,
        // A meal, a hotel or a transfer the question asks about, written of as given (during a
        // delay): its amount is what it is worth, no charge.
        givesAsked: peripheralAsked.some((t) => terms.has(t)),
        passage,
        sentence,
        order,
        wordScore,
        intent: intentWeight(sentence, asked, verbalShare),
      });
      // A figure below the share from another article is another case's (the cabin bag's fee,
      // asked about the cat's): the leading article's own sections are still read for it.
      // A rough figure ("from EUR 35") leaves the exact one to be looked for.
      if (
        (share >= limits.minPassageShare || passage.articleId === analysis.results[0]?.articleId) &&
        precisions[order] !== 'rough'
      )
        for (const a of asked)
          if (intentWeight(sentence, [a], verbalShare) >= a.weight) given.add(a);
    });
    // A sentence naming no side ("Košta 85 EUR po letu.") is on the side its section's other
    // sentences are, when every one naming a side names another than the question's (the hold's
    // fee, asked about the cabin).
    const own = raw.slice(raw.length - sentences.length);
    const sided = own.filter((_, i) => namesSide(sentenceTerms[i] ?? new Set()));
    if (sided.length > 0 && sided.every((c) => c.otherSide))
      for (const [i, c] of own.entries())
        if (!namesSide(sentenceTerms[i] ?? new Set())) c.otherSide = true;
  }
  // A row is named by a word of its own, not a qualifier ("Na aerodromu:" for a question that is
  // asked at the airport), nor a word every row of its table says ("po koferu" of each price).
  // Of the rows named by words, the one the question names most ("overweight … per kilo" of
  // "Overweight, each kg", beside "Extra bag" named by "bag") is the row asked about.
  const naming = new Map<(typeof raw)[number], number>();
  for (const c of raw) {
    if (c.row !== 'other' || !c.labelTerms) continue;
    const table = rows.get(c.passage.id) ?? [];
    const own = (stem: string) =>
      c.labelTerms?.has(stem) && !(table.length > 1 && table.every((terms) => terms.has(stem)));
    const named = analysis.words.filter(
      (w) => !w.groups.some((g) => kb.qualifying.has(g)) && w.stems.some(own),
    );
    if (named.length === 0) continue;
    c.row = 'named';
    const weight = named.reduce((sum, w) => sum + w.idf, 0);
    naming.set(c, weight);
  }
  const mostNamed = new Map<string, number>();
  for (const [c, weight] of naming)
    mostNamed.set(c.passage.id, Math.max(weight, mostNamed.get(c.passage.id) ?? 0));
  for (const [c, weight] of naming)
    if (weight < (mostNamed.get(c.passage.id) ?? 0) * limits.namedRowShare) c.row = 'other';
  for (const c of raw) if (c.row === 'named') namedRows.add(c.passage.id);
  const subjectsAsked = [...questionGroups].filter((g) => index.subjectTerms.has(g));
  const maxWords = Math.max(1e-9, ...raw.map((c) => c.wordScore));
  const scored = raw.map(({ labelTerms: _labelTerms, givesAsked, ...c }) => ({
    ...c,
    score:
      (base.get(c.passage.id) ?? 0) +
      (WEIGHTS.words * c.wordScore) / maxWords +
      WEIGHTS.intent * c.intent +
      // (Another side's limit that the passenger's measure fails is no rule of theirs: a small
      // pug's 8 kg in the cabin, asked about a 14 kg one in the hold.)
      WEIGHTS.number * numberFit(c.sentence, numbers, !c.otherSide) -
      // Of a table whose row the question names, the other rows answer another case.
      (c.row === 'other' && namedRows.has(c.passage.id) ? WEIGHTS.label : 0) +
      // And the row it names gives the figure asked for that case ("Medium flights: 380 EUR",
      // London's band), before the section's general rule with a figure of its own.
      // A place's row is the passenger's case, as their trip's band or zone.
      (c.row === 'named' && c.intent >= 1
        ? c.placeRow
          ? WEIGHTS.placeRow
          : WEIGHTS.namedRow
        : 0) -
      // The asked figure for the cabin when the hold is asked about: another case's. (Asked
      // yes or no, "cabin only" is the answer.)
      (c.otherSide && c.intent > 0 ? WEIGHTS.otherSide : 0) -
      // The asked figure for a narrower case (the electric wheelchair's battery notice, asked
      // how far ahead to ask for a wheelchair).
      (c.narrower && c.intent > 0 ? WEIGHTS.narrower : 0) -
      // Whatever it gives, the general rule where the question names its own case (a pug in the
      // hold, beside the snub-nosed breeds' rule).
      (c.general && c.intent === 0 ? WEIGHTS.narrower : 0) -
      // A figure asked for, given only roughly ("about 20 kg"), where a section may state it
      // exactly; and any sentence of a summary, whose vague rule ("some routes have limits") a
      // detailed article states.
      (c.approximate && (asked.length > 0 || c.summary) ? WEIGHTS.approximate : 0) -
      // A row the question names is asked about whole, its charges too; and a subject named
      // with nothing asked of it ("psi u kabini?") is answered by its rule, charge and all.
      (price ||
      (asked.length === 0 && !yesNo) ||
      c.row === 'named' ||
      givesAsked ||
      !CHARGE.test(c.sentence)
        ? 0
        : WEIGHTS.unaskedPrice) -
      // An article on none of the subjects the question names (check-in desks, asked whether
      // a power bank may go in the bag checked in there) answers another question.
      (index.isOffTopic(c.passage.articleId, subjectsAsked) ? WEIGHTS.offTopic : 0) -
      // A claim the text refutes ("Myth: refunds take 3 months.") states no rule of its own,
      // nor does a proposal ("a fee of EUR 35 was proposed and rejected").
      (statesNoRule(c.sentence) ? WEIGHTS.label : 0) -
      // Sections lead with their figure: among equals, the earlier sentence.
      c.order * 0.05,
  }));
  return withReplacedFigures(scored, index.replacedSections, WEIGHTS.replaced).sort(
    (a, b) => b.score - a.score,
  );
}

/**
 * A figure another text replaced ("EUR 45, not EUR 40 as we wrote") is no rule, whatever the
 * passenger's measure it fits: it is not quoted beside the text replacing it, which answers what
 * it answered, as well as it.
 */
function withReplacedFigures(
  scored: Candidate[],
  replaced: ReadonlyMap<string, Replaced>,
  charge: number,
): Candidate[] {
  if (replaced.size === 0) return scored;
  const stand = new Map<string, number>();
  for (const c of scored)
    for (const statement of replaced.get(c.passage.id)?.sentences.get(c.sentence) ?? [])
      stand.set(statement, Math.max(c.score, stand.get(statement) ?? -Infinity));
  const passages = new Set(scored.map((c) => c.passage.id));
  const sentences = new Set(scored.map((c) => c.sentence));
  const quotable = scored.filter((c) => {
    const own = replaced.get(c.passage.id);
    const by = own?.sentences.get(c.sentence);
    return (
      !own ||
      !by ||
      (![...own.by].some((id) => passages.has(id)) && ![...by].some((s) => sentences.has(s)))
    );
  });
  return quotable.map((c) => {
    if (replaced.get(c.passage.id)?.sentences.has(c.sentence))
      return { ...c, score: c.score - charge };
    const as = stand.get(c.sentence);
    return as !== undefined && as > c.score ? { ...c, score: as } : c;
  });
}

/** An amount of money a sentence charges. */
const CHARGE = /(€\s?\d|\beur\s?\d|\d\s?(eur\b|€))/i;

function asksPrice(asked: readonly AskedIntent[]): boolean {
  return asked.some((a) => a.intent.name === 'price');
}

/** Position of a passage's section in its article (articles put the general case first). */
function sectionOrder(kb: KnowledgeBase, passage: ScoredPassage): number {
  const article = kb.articles.find(
    (a) => a.id === passage.articleId && a.language === passage.language,
  );
  const index = article?.sections.findIndex((s) => `${article.id}#${s.slug}` === passage.id) ?? -1;
  return Math.max(0, index);
}

/**
 * Each chosen sentence with the rest of its line (a list item or paragraph of a few sentences:
 * "Oxygen concentrators are allowed in the cabin. You need batteries for 150 % of the flight."),
 * when the line is short and the answer stays within its length; a line is quoted once.
 */
function wholeLines(chosen: Candidate[], maxLine: number, maxAnswer: number): Candidate[] {
  const out: Candidate[] = [];
  const quoted = new Set<string>();
  for (const c of chosen) {
    const line = c.passage.text.split('\n').find((l) => l.includes(c.sentence)) ?? c.sentence;
    const key = `${c.passage.id}\n${line}`;
    if (quoted.has(key)) continue;
    const rest = chosen.filter((o) => o !== c && !line.includes(o.sentence));
    const length = rest.reduce((n, o) => n + o.sentence.length, line.length);
    if (line.length > maxLine || length > maxAnswer) {
      out.push(c);
      continue;
    }
    quoted.add(key);
    out.push({ ...c, sentence: line.trim() });
  }
  return out;
}

/** A line that only leads into what follows ("Price per pet and per direction:"). */
const LEAD = /:\s*$/u;

/**
 * A chosen line that only leads into what follows ("Price per pet and per direction:") stands right
 * before the chosen line it leads into, or is left out: alone at the end it says nothing.
 */
function withLeadsInPlace(chosen: Candidate[]): Candidate[] {
  const leads = chosen.filter((c) => LEAD.test(c.sentence));
  if (leads.length === 0 || leads.length === chosen.length) return chosen;
  let answer = chosen.filter((c) => !leads.includes(c));
  for (const lead of leads) {
    const next = answer
      .filter((c) => c.passage.id === lead.passage.id && c.order > lead.order)
      .sort((a, b) => a.order - b.order)[0];
    if (!next) continue;
    const at = answer.indexOf(next);
    answer = [...answer.slice(0, at), lead, ...answer.slice(at)];
  }
  return answer;
}

/** A footnote's mark after a word or a figure ("EUR 30¹", "yes†"). */
const FOOTNOTE_MARK = /(?<=[\p{L}\p{N}%€)])(?:[¹²³⁴⁵⁶⁷⁸⁹⁰]+|[†‡]+)/gu;

/**
 * An item under a heading that is itself the rule's start ("❌ You cannot", "Ne možete",
 * "Dozvoljeno": only words a rule is made of, no subject) says nothing without it: the first
 * quoted item of such a section opens with its heading ("❌ You cannot: send snub-nosed breeds
 * in the hold").
 */
function withRulingHeadings(chosen: Candidate[], language: QueryAnalysis['language']): Candidate[] {
  const headed = new Set<string>();
  return chosen.map((c) => {
    const heading = c.passage.heading.trim();
    const words = tokenize(heading);
    if (
      headed.has(c.passage.id) ||
      words.length === 0 ||
      words.length > MAX_RULING_HEADING ||
      !words.every((w) => isStopWord(w, language)) ||
      c.sentence.startsWith(heading)
    )
      return c;
    headed.add(c.passage.id);
    // The item's own mark ("❌ Send…") is the heading's.
    const mark = /^[^\p{L}\p{N}]+/u.exec(heading)?.[0].trim();
    const item =
      mark && c.sentence.startsWith(mark) ? c.sentence.slice(mark.length).trim() : c.sentence;
    return { ...c, sentence: `${heading}: ${item}` };
  });
}

/**
 * A figure asked that only a quoted section's heading states ("**Phone: +382 20 655 210.** Our call
 * centre is open every day…"), as a label leading its paragraph does: the first sentence quoted of
 * that section opens with its heading.
 */
function withStatingHeadings(chosen: Candidate[], asked: readonly AskedIntent[]): Candidate[] {
  const own = asked.filter((a) => !a.story);
  if (own.length === 0 || chosen.some((c) => intentWeight(c.sentence, own) > 0)) return chosen;
  const at = chosen.findIndex(
    (c) => intentWeight(c.passage.heading, own) > 0 && !c.sentence.includes(c.passage.heading),
  );
  const c = chosen[at];
  if (!c) return chosen;
  const heading = c.passage.heading.trim().replace(/[.:;,]+$/u, '');
  return chosen.map((other, i) =>
    i === at ? { ...c, sentence: `${heading}. ${c.sentence}` } : other,
  );
}

/** The most words a heading that starts a rule has ("You cannot", "Što ne smijete"). */
const MAX_RULING_HEADING = 4;

let refutedLabels: Set<string> | undefined;
/** A sentence whose label is the packs' word for a claim the text refutes ("Myth: …"). */
function isRefuted(sentence: string): boolean {
  refutedLabels ??= new Set(allPacks().flatMap((p) => (p.refuted_labels ?? []).map(fold)));
  const label = /^\W*(\p{L}+)\W*:/u.exec(sentence)?.[1];
  return label !== undefined && refutedLabels.has(fold(label.toLowerCase()));
}

let proposals: RegExp[] | undefined;
/** A sentence reporting what someone proposed, not what was decided (the packs' `proposals`). */
function isProposal(sentence: string): boolean {
  proposals ??= allPacks().flatMap((p) => (p.proposals ?? []).map((s) => new RegExp(s)));
  const folded = fold(sentence.toLowerCase());
  return proposals.some((p) => p.test(folded));
}

/**
 * A refuted claim or a proposal: its figure is no rule. Read once per sentence, as every
 * question reads the articles' sentences for it twice (score, and the passenger's measure).
 */
const statesNoRule = oncePerText((sentence: string) => isRefuted(sentence) || isProposal(sentence));

let exampleOpening: RegExp | undefined;
/** A sentence opening with the packs' words for an example ("For example: a pug…"). */
export function isExample(sentence: string): boolean {
  exampleOpening ??= new RegExp(
    String.raw`^(?:${allPacks()
      .flatMap((p) => p.example_openings ?? [])
      .map(escapeRegExp)
      .join('|')})[\s:,]`,
    'iu',
  );
  return exampleOpening.test(sentence.trim());
}

/**
 * A chosen sentence that only gives examples ("For example: a pug, a French bulldog…") is read
 * with the rule it illustrates, the sentence before it ("They cannot fly in the hold."), which
 * leads it.
 */
function withTheExamplesRule(
  chosen: Candidate[],
  ranked: Candidate[],
  maxAnswer: number,
): Candidate[] {
  let answer = chosen;
  for (const c of chosen) {
    if (!isExample(c.sentence)) continue;
    const rule = ranked.find((o) => o.passage.id === c.passage.id && o.order === c.order - 1);
    if (!rule || answer.some((a) => a.sentence.includes(rule.sentence))) continue;
    const length = answer.reduce((n, a) => n + a.sentence.length, rule.sentence.length);
    if (length > maxAnswer) continue;
    const at = answer.indexOf(c);
    answer = [...answer.slice(0, at), rule, ...answer.slice(at)];
  }
  return answer;
}

/**
 * A chosen sentence carrying a footnote's mark ("Zone 2: EUR 45²") is ruled by the note under its
 * table or list ("² Only when booked online."): the note joins the answer.
 */
function withFootnotes(chosen: Candidate[], ranked: Candidate[], maxAnswer: number): Candidate[] {
  let answer = chosen;
  for (const c of chosen) {
    for (const [mark] of c.sentence.matchAll(FOOTNOTE_MARK)) {
      const note = ranked.find(
        (o) =>
          o.passage.id === c.passage.id &&
          o.sentence.startsWith(mark) &&
          !/^[¹²³⁴⁵⁶⁷⁸⁹⁰†‡]/u.test(o.sentence.slice(mark.length)),
      );
      if (!note || answer.some((a) => a.sentence.includes(note.sentence))) continue;
      const length = answer.reduce((n, a) => n + a.sentence.length, note.sentence.length);
      if (length <= maxAnswer) answer = [...answer, note];
    }
  }
  return answer;
}

/**
 * A question asking two things ("do I pay for him, and how early must I tell you?") gets both:
 * for each later intent no chosen sentence gives, the best sentence of the same article that
 * gives it with a figure is added, when it fits.
 */
function withEveryAsked(
  chosen: Candidate[],
  ranked: Candidate[],
  asked: readonly AskedIntent[],
  sameArticle: (c: Candidate) => boolean,
  fits: (c: Candidate, others: Candidate[]) => boolean,
): Candidate[] {
  let out = [...chosen];
  for (const { intent, story } of asked.slice(1)) {
    if (story) continue;
    const alone = [{ intent, weight: 1 }];
    if (out.some((c) => intentWeight(c.sentence, alone, 0) >= 1)) continue;
    // What was added beside the best sentence gives way to what is asked.
    const giving = ranked.find(
      (c) =>
        sameArticle(c) &&
        intentWeight(c.sentence, alone, 0) >= 1 &&
        (fits(c, out) || fits(c, out.slice(0, 1))),
    );
    if (!giving) continue;
    if (!fits(giving, out)) out = out.slice(0, 1);
    out.push(giving);
  }
  return out;
}

/**
 * A condition the passenger states (a dog flown "in July", a connection in Vienna) that the chosen
 * sentences leave out: the rule for that case too, from a sentence of the same article that scores
 * nearly as well, in a section written for the case or nearly as relevant as the best.
 */
function withEveryCondition(
  kb: KnowledgeBase,
  analysis: QueryAnalysis,
  chosen: Candidate[],
  ranked: Candidate[],
  sameArticle: (c: Candidate) => boolean,
  fits: (c: Candidate, others: Candidate[]) => boolean,
): Candidate[] {
  const top = chosen[0];
  if (!top) return chosen;
  const everywhere = new Set([...kb.lexicon.everywhere].map((name) => `_${name}`));
  const termsOf = (c: Candidate) => kb.termsOf(c.sentence, analysis.language);
  const said = chosen.map(termsOf);
  const conditions = analysis.words.filter(
    (w) =>
      w.matched &&
      !w.name &&
      w.groups.length > 0 &&
      !w.groups.some((g) => everywhere.has(g) || kb.qualifying.has(g)) &&
      !said.some(
        (terms) => w.groups.some((g) => terms.has(g)) || w.stems.some((s) => terms.has(s)),
      ),
  );
  const out = [...chosen];
  for (const word of conditions) {
    // A section written for the case (its heading names it), or one nearly as relevant as the
    // best's.
    const holding = ranked.find(
      (c) =>
        sameArticle(c) &&
        !out.some((o) => o.sentence === c.sentence) &&
        c.score >= top.score * kb.config.compose.conditionShare &&
        word.groups.some(
          (g) =>
            termsOf(c).has(g) &&
            (c.passage.score >= top.passage.score * kb.config.compose.conditionPassageShare ||
              kb
                .termsOf(`${c.passage.parent ?? ''}\n${c.passage.heading}`, analysis.language)
                .has(g)),
        ) &&
        fits(c, out),
    );
    if (holding) out.push(holding);
  }
  return out;
}

let bareYesNo: RegExp | undefined;
/** The chosen sentences without a leading bare "Yes." / "Da." (one left at least). */
function withoutBareYesNo(chosen: Candidate[]): Candidate[] {
  bareYesNo ??= new RegExp(
    `^(${allPacks()
      .flatMap((p) => p.yes_no_words ?? [])
      .join('|')})[.!]\\s*`,
    'iu',
  );
  // A Cyrillic article's "Да." too: read in Latin, cut as written.
  const bare = (sentence: string) => bareYesNo?.exec(toLatin(sentence))?.[0].length ?? 0;
  const trimmed = chosen
    .map((c) => ({ ...c, sentence: c.sentence.slice(bare(c.sentence)) }))
    .filter((c) => c.sentence.length > 0);
  return trimmed.length > 0 ? trimmed : chosen;
}

let yesNo: RegExp[] | undefined;
/**
 * Whether the question, or its asking clause after the passenger's story ("our flight was
 * cancelled because of a storm, do we get compensation?"), asks yes or no.
 */
export function asksYesNo(question: string): boolean {
  yesNo ??= allPacks().flatMap((p) => (p.asks_yes_no ?? []).map((source) => new RegExp(source)));
  const patterns = yesNo;
  const clauses = fold(question.toLowerCase()).split(/[,;.!?]+/);
  return clauses.some((clause) => patterns.some((pattern) => pattern.test(clause)));
}

let howHeadings: RegExp[] | undefined;
/** Whether a section's heading says how to go about something ("How to claim", "Postupak"). */
function isHowHeading(heading: string): boolean {
  howHeadings ??= allPacks().flatMap((p) => (p.how_headings ?? []).map((s) => new RegExp(s)));
  const folded = fold(normalizeText(heading));
  return howHeadings.some((pattern) => pattern.test(folded));
}

let steps: { next: RegExp[]; how: RegExp[] } | undefined;
/**
 * Whether a question asks what to do (the next step: another section) or how to do one thing
 * (its section goes on to say how), rather than for one figure.
 */
function asksForSteps(question: string): 'next' | 'how' | undefined {
  steps ??= {
    next: allPacks().flatMap((p) => p.asks_for_steps.map((source) => new RegExp(source))),
    how: allPacks().flatMap((p) => p.asks_how.map((source) => new RegExp(source))),
  };
  const folded = fold(question.toLowerCase());
  if (steps.next.some((pattern) => pattern.test(folded))) return 'next';
  if (steps.how.some((pattern) => pattern.test(folded))) return 'how';
  return undefined;
}

/**
 * The passenger names a place or a product ("to Stockholm") that no chosen sentence names, and a
 * sentence of the leading passages rules on it with another word of the question ("we do not
 * carry animals in the hold on flights to Stockholm"), in the answer's article or another: that
 * case is the answer's other half.
 */
function withTheNamedCase(
  kb: KnowledgeBase,
  analysis: QueryAnalysis,
  chosen: Candidate[],
  ranked: Candidate[],
  fits: (c: Candidate, others: Candidate[]) => boolean,
): Candidate[] {
  // Places, and the airline's products (fares) the articles write capitalised everywhere.
  const index = kb.indexes[analysis.language];
  const names = analysis.words.filter((w) => w.name || w.stems.some((t) => index.isProduct(t)));
  if (names.length === 0) return chosen;
  // Each sentence's terms once: the search below reads every ranked sentence.
  const known = new Map<Candidate, Set<string>>();
  const terms = (c: Candidate) => {
    let found = known.get(c);
    if (!found) {
      found = kb.termsOf(c.sentence, analysis.language);
      known.set(c, found);
    }
    return found;
  };
  const naming = (c: Candidate, named: readonly QueryWord[]) =>
    named.some((w) => w.stems.some((s) => terms(c).has(s)));
  const others = analysis.words.filter((w) => !names.includes(w));
  const out = [...chosen];
  // Each name its own case: "the difference between Classic and Flex" wants both fares' rules.
  for (const name of names) {
    if (out.some((c) => naming(c, [name]))) continue;
    const ruling = ranked.find(
      (c) =>
        naming(c, [name]) &&
        others.some(
          (w) => w.stems.some((s) => terms(c).has(s)) || w.groups.some((g) => terms(c).has(g)),
        ) &&
        fits(c, out),
    );
    if (ruling) out.push(ruling);
  }
  return out;
}

/**
 * The passenger gives a measure ("my suitcase is 27 kilos") that no chosen sentence's range holds:
 * the allowance it exceeds is half the answer, the rule of the sentence whose range holds it (EUR 50
 * for 23 to 32 kg) the other half, whichever article states it. When nothing chosen speaks to the
 * measure at all and no range holds it, the limit it fails is the answer's other half.
 */
function withTheValuesRule(
  chosen: Candidate[],
  ranked: Candidate[],
  question: string,
  sameArticle: (c: Candidate) => boolean,
  fits: (c: Candidate, others: Candidate[]) => boolean,
): Candidate[] {
  const numbers = questionNumbers(question).filter((n) => n.unit !== null);
  if (numbers.length === 0 || chosen.some((c) => numberFit(c.sentence, numbers) >= HOLDS))
    return chosen;
  // Of any article: the child fare's range holds "my son is 4", asked of the escort's article.
  // Not a proposal or a refuted claim: their figure is no rule.
  const ruling = ranked.filter((c) => !statesNoRule(c.sentence));
  const holding = ruling.find((c) => numberFit(c.sentence, numbers) >= HOLDS && fits(c, chosen));
  if (holding) return [...chosen, holding];
  // Else, when no chosen sentence speaks to the measure at all, the limit it fails ("2 h 45 late"
  // of "3 hours or more").
  if (chosen.some((c) => numberFit(c.sentence, numbers) > 0)) return chosen;
  const limit = ruling.find(
    (c) => sameArticle(c) && numberFit(c.sentence, numbers) > 0 && fits(c, chosen),
  );
  return limit ? [...chosen, limit] : chosen;
}

/**
 * The least number fit of a range that holds the passenger's value: a closed one ("weeks 29–36"
 * for 32) or an open one near its bound ("from week 37" for 38), not a limit the value fails.
 */
const HOLDS = 0.45;

/** The questions of one message answered together. */
const MAX_PARTS = 3;

/**
 * A message asking two things ("Do I pay at the desk? And until when can I check in online?"):
 * each of its questions, read alone, is answered by its best sentence when that sentence is in
 * the answer's article and not yet quoted, or else by the best sentence of the whole message read
 * with that question's focus, wherever it is. The first too: the message read whole often finds what
 * a later question names with more words ("when can I check in online, and until when is the desk
 * open?" finds the desk).
 */
function withEveryPart(
  kb: KnowledgeBase,
  language: QueryAnalysis['language'],
  question: string,
  chosen: Candidate[],
  /** The longest the answer to all of them may grow. */
  maxLength: number,
): Candidate[] {
  const parts = questionParts(question);
  const article = chosen[0]?.passage.articleId;
  let answer = chosen;
  // A few questions at most: a message of many asks more than one answer should hold.
  for (const [i, part] of parts.slice(0, MAX_PARTS).entries()) {
    // Read alone: read with the rest of the message, it finds what the rest asks again.
    let own = kb.analyze(part, language);
    // A later question leaning on the first for its subject ("how many checked bags do I get
    // and what's the max size of each one?") is read with it, as a follow-up is; one leaning on
    // the story before the questions ("expecting twins… allowed to fly, and until which week?"),
    // with the whole message.
    if ((!own.relevant || own.results[0]?.articleId !== article) && i > 0)
      own = kb.analyze(`${parts[0]}\n${part}`, language, part);
    // Else the whole message read with this question's focus answers it, from whichever
    // article it finds ("smijem li to u kofer koji predajem i koliko je najviše litara?": the
    // liquids' limit beside the checked bag's rule).
    if (!own.relevant || own.results[0]?.articleId !== article)
      own = kb.analyze(question, language, part);
    if (!own.relevant) continue;
    // Its best sentence the answer does not hold yet, not a line that only leads into another.
    const best = selectSentences(kb, own, part)?.chosen.find(
      (c) => !LEAD.test(c.sentence) && !answer.some((a) => a.sentence.includes(c.sentence)),
    );
    if (!best) continue;
    // Its best may be a chosen sentence read on into the next one: that one grows, in its place.
    const within = answer.findIndex((c) => best.sentence.includes(c.sentence));
    const kept = within < 0 ? answer : answer.filter((_, n) => n !== within);
    const length = kept.reduce((n, c) => n + c.sentence.length, best.sentence.length);
    if (length > maxLength) continue;
    answer = within < 0 ? [...answer, best] : answer.map((c, n) => (n === within ? best : c));
  }
  return answer;
}

/**
 * The sentences of a short answer from the passages of a relevant analysis: the sentence that best
 * matches the question and gives the asked figure, plus a second sentence of the same section when
 * it adds nearly as much, or the next step, or an equally good section. Never a whole article.
 */
export function selectSentences(
  kb: KnowledgeBase,
  analysis: QueryAnalysis,
  question: string,
  /** A follow-up read with the question before it: what it asks for leads, when it names it. */
  followUp?: string,
): Selection | null {
  const { tieShare, equalWordsShare, secondSentenceShare, maxAnswerLength, wholeSectionLength } =
    kb.config.compose;
  const ownIntents = followUp ? questionIntents(followUp) : [];
  const asked = ownIntents.length > 0 ? ownIntents : questionIntents(question);
  const steps = asksForSteps(question);
  const ranked = candidates(kb, analysis, asked, steps === 'how');
  const best = ranked[0];
  if (!best) return null;
  // A summary's rough figure ("about two days ahead") gives way to the exact one a detailed
  // section states ("at least 72 hours"), when that scores nearly as well.
  // And another side's figure (the hold's fee, asked about the cabin) to the asked side's, when
  // that scores nearly as well; asked yes or no, the other side ("cabin only") is the answer.
  const top =
    best.approximate && asked.length > 0
      ? (ranked.find(
          (c) =>
            !c.approximate && c.intent >= 1 && c.score >= best.score * kb.config.compose.exactShare,
        ) ?? best)
      : best.otherSide && best.intent > 0 && !asksYesNo(question)
        ? (ranked.find(
            (c) =>
              !c.otherSide &&
              c.intent >= best.intent &&
              c.score >= best.score * kb.config.compose.otherFigureShare,
          ) ?? best)
        : best;
  const fits = (c: Candidate, others: Candidate[]) =>
    !others.includes(c) &&
    others.reduce((n, o) => n + o.sentence.length, c.sentence.length) < maxAnswerLength;
  const sameArticle = (c: Candidate) => c.passage.articleId === top.passage.articleId;
  let chosen = [top];
  // The asked figure lies in another section of the same article ("How much to fly a bicycle?"
  // finds the bicycle section, the fee is in the fees section): that sentence leads, the found
  // one follows. So too when the best sentence gives only a figure asked second, or the answer in
  // words: the figure asked first leads.
  let inOrder = false;
  // The found section's own figure first: another section's may be another case's (the child
  // fare's percentage beside the escort's fee).
  const withFigure =
    asked.length > 0 && top.intent < 1
      ? (ranked.find((c) => c.intent >= 1 && c.passage.id === top.passage.id) ??
        ranked.find((c) => c.intent >= 1 && sameArticle(c)) ??
        // Or another article's, scoring nearly as well: the figure asked for, not a sentence
        // that only shares the question's words.
        ranked.find(
          (c) => c.intent >= 1 && c.score >= top.score * kb.config.compose.otherFigureShare,
        ))
      : undefined;
  if (withFigure) {
    chosen = fits(top, [withFigure]) ? [withFigure, top] : [withFigure];
  } else if (steps) {
    // "What should I do?" wants the next step too: the best sentence of the next section. "How
    // do I…?" is first answered by the rest of its section (a rule, then how to go about it).
    // Asked how, beside a figure the best sentence gives: the section that says how.
    const howSection =
      steps === 'how' && asked.length > 0 && top.intent >= 1
        ? ranked.find(
            (c) =>
              sameArticle(c) &&
              c.passage.id !== top.passage.id &&
              isHowHeading(c.passage.heading) &&
              c.score >= top.score * kb.config.compose.minHowShare &&
              fits(c, chosen),
          )
        : undefined;
    const how =
      howSection ??
      (steps === 'how'
        ? ranked.find(
            (c) =>
              c.passage.id === top.passage.id &&
              c.score >= top.score * secondSentenceShare &&
              fits(c, chosen),
          )
        : undefined);
    const next =
      how ??
      ranked.find((c) => sameArticle(c) && c.passage.id !== top.passage.id && fits(c, chosen));
    if (next) chosen.push(next);
  } else {
    // Two sections answer equally well (a small and a large instrument): both, in article order.
    const tie = ranked.find(
      (c) =>
        sameArticle(c) &&
        c.passage.id !== top.passage.id &&
        c.intent >= top.intent &&
        // Not another side of a contrast (the cabin, asked about the hold): another case.
        !(c.otherSide && !top.otherSide) &&
        (c.score >= top.score * tieShare ||
          (asked.length === 0 &&
            c.score >= top.score * equalWordsShare &&
            c.wordScore >= top.wordScore)) &&
        fits(c, chosen),
    );
    if (tie) {
      chosen.push(tie);
      chosen.sort((a, b) => sectionOrder(kb, a.passage) - sectionOrder(kb, b.passage));
    } else if (top.passage.text.length <= wholeSectionLength) {
      // A short section is one rule with its conditions: quoted whole, in its own order; but
      // for the rows of other places than the one of the passenger's trip.
      inOrder = true;
      chosen = ranked
        .filter((c) => c.passage.id === top.passage.id && !(top.placeRow && c.row === 'other'))
        .sort((a, b) => a.order - b.order);
    } else {
      const second = ranked.find(
        (c) =>
          c.passage.id === top.passage.id &&
          c.score >= top.score * secondSentenceShare &&
          // Not another row of the table whose row the question names, nor another side.
          !(top.row === 'named' && c.row === 'other') &&
          !(c.otherSide && !top.otherSide) &&
          fits(c, chosen),
      );
      if (second) chosen.push(second);
    }
    // The figure asked for leads, unless a whole section is quoted in its own order.
    if (!inOrder) chosen.sort((a, b) => b.intent - a.intent);
  }
  chosen = withTheValuesRule(chosen, ranked, analysis.question, sameArticle, fits);
  chosen = withTheNamedCase(kb, analysis, chosen, ranked, fits);
  chosen = wholeLines(chosen, wholeSectionLength, maxAnswerLength);
  chosen = withEveryAsked(chosen, ranked, asked, sameArticle, fits);
  chosen = withEveryCondition(kb, analysis, chosen, ranked, sameArticle, fits);
  if (!followUp)
    chosen = withEveryPart(
      kb,
      analysis.language,
      question,
      chosen,
      maxAnswerLength * kb.config.compose.partsLengthShare,
    );
  // A sentence the other questions or conditions brought, with the rest of its short line too.
  chosen = wholeLines(chosen, wholeSectionLength, maxAnswerLength);
  chosen = withFootnotes(chosen, ranked, maxAnswerLength * kb.config.compose.partsLengthShare);
  chosen = withTheExamplesRule(
    chosen,
    ranked,
    maxAnswerLength * kb.config.compose.partsLengthShare,
  );
  chosen = withLeadsInPlace(chosen);
  // "Yes." opens the answer to "Can I bring my bike?", not to "How much is my bike?".
  if (!asksYesNo(question)) chosen = withoutBareYesNo(chosen);
  chosen = withRulingHeadings(chosen, analysis.language);
  chosen = withStatingHeadings(chosen, asked);
  // Every article the answer quotes, the leading one first.
  const sources: Source[] = [];
  for (const { passage } of chosen.length > 0 ? chosen : [top]) {
    if (sources.some((s) => s.id === passage.articleId)) continue;
    const source: Source = { id: passage.articleId, title: passage.articleTitle };
    if (passage.url) source.url = passage.url;
    sources.push(source);
  }
  return { chosen, sources };
}
