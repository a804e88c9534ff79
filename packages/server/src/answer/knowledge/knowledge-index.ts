import MiniSearch, { type SearchResult } from 'minisearch';
import { DEFAULT_CONFIG, type EngineConfig } from '../config.js';
import { expand } from '../ground/expand.js';
import {
  absentSubject,
  askedToExist,
  asksAction,
  asksCompany,
  asksLive,
  judgeRelevance,
} from '../ground/relevance.js';
import { askingPart, givesAge, pointsBack } from '../ground/intents.js';
import { retrieve } from '../ground/retrieve.js';
import { isExample } from '../ground/select.js';
import { isSpanUnit, questionNumbers } from '../ground/numbers.js';
import { beyondLimit } from '../ground/beyond-limit.js';
import type { Language } from '@supersteward/contract';
import type { Article } from './article.js';
import { detectLanguage, languageBalance, type Vocabulary } from './language.js';
import { languagePack } from '../language/pack.js';
import { isStopWord } from './stopwords.js';
import { findAbbreviations, isDefinitionList } from './abbreviations.js';
import { namedStopWords } from './named-stop-words.js';
import { rowLabel } from './row-label.js';
import {
  findReplacedFigures,
  replacedSections,
  withReplacingSections,
  type Replaced,
  type ReplacedFigure,
} from './replaced-figures.js';
import { cacheTermResults } from './term-results-cache.js';
import { buildLexicon, type AirlineLexicon, type Lexicon } from '../lexicon/lexicon.js';
import { buildSynonymTable, diminutiveGroups, isGroupTerm, type SynonymTable } from './synonyms.js';
import {
  KNOWLEDGE_LANGUAGES as LANGUAGES,
  escapeRegExp,
  fold,
  opensSentence,
  stemVariants,
  tokenize,
} from './text.js';
import type { KnowledgeIndex, Passage, ScoredPassage } from './types.js';

/** A content word of a question with the index terms it stands for. */
export interface QueryWord {
  token: string;
  /** Stemmed and folded spellings. */
  stems: string[];
  /** Synonym-group terms. */
  groups: string[];
  /** Inverse document frequency of the word's rarest spelling (unknown words weigh the most). */
  idf: number;
  /** Whether the articles hold the word itself (not only a synonym or a look-alike). */
  known: boolean;
  /** Whether the best article holds the word (exactly, by prefix, with a typo or by a synonym). */
  matched: boolean;
  /**
   * A name the articles only ever write capitalised (a city, a country): it qualifies a question
   * ("to <city>") but is not what the question is about, so it weighs little in coverage.
   */
  name: boolean;
}

export interface QueryAnalysis {
  question: string;
  language: Language;
  words: QueryWord[];
  /** Numbers written in the question. */
  numbers: string[];
  /** Share of the question's content weight (IDF) the best passage covers, 0..1. */
  coverage: number;
  /** Best passages first, whatever their relevance. */
  results: ScoredPassage[];
  /** Document terms each result matched, by passage id (exact, prefix and fuzzy matches). */
  matchedTerms: Map<string, string[]>;
  /** Whether the knowledge base answers the question. */
  relevant: boolean;
  /** Why the relevance gate refused it, when it did. */
  reason?: string;
}

export interface KnowledgeBase extends KnowledgeIndex {
  readonly articles: readonly Article[];
  /** The words the index knows: the travel lexicon with the airline's own. */
  readonly lexicon: Lexicon;
  /** Index terms of the lexicon's qualifying groups (a price, the airport): they ask about no topic. */
  readonly qualifying: ReadonlySet<string>;
  /** The tuned numbers it was built with. */
  readonly config: EngineConfig;
  /** Each language's index, for the grounding stages. */
  readonly indexes: Readonly<Record<Language, LanguageIndex>>;
  readonly passages: readonly Passage[];
  /** Retrieval with everything the answer composer needs. */
  /**
   * `focus`: the part of the question that matters most (a follow-up read together with the
   * question before it): its words weigh double in search and coverage.
   */
  analyze(question: string, language: Language, focus?: string): QueryAnalysis;
  /** Index terms of a text (stems and synonym groups), as the index sees it. */
  termsOf(text: string, language: Language): Set<string>;
  /** Evidence for Montenegrin (> 0) or English (< 0) in a text. */
  languageBalance(text: string): number;
  /** A plain MiniSearch query with the index's own term processing: the baseline for benchmarks. */
  lookup(question: string, language: Language): SearchResult[];
}

/** The relevance gate's numbers (kept under this name for the benches). */
export type RelevanceSettings = EngineConfig['relevance'];
export const DEFAULT_RELEVANCE: RelevanceSettings = DEFAULT_CONFIG.relevance;

interface PassageDocument {
  id: string;
  heading: string;
  text: string;
  title: string;
  keywords: string;
  questions: string;
}

const FIELDS = ['heading', 'text', 'title', 'keywords', 'questions'] as const;

/** Tokens after a negator within which the first content word is the one negated ("ne bi da ga predajemo"). */
const NEGATION_REACH = 4;

/** Groups of the listed synonyms that a stem and differ only in an inflection tail from. */
export function groupsByPrefix(
  table: SynonymTable,
  stem: string,
  config: Pick<
    EngineConfig['retrieval'],
    'minSharedPrefix' | 'maxInflectionTail'
  > = DEFAULT_CONFIG.retrieval,
): string[] {
  if (stem.length < config.minSharedPrefix) return [];
  const groups = new Set<string>();
  for (const [term, termGroups] of table) {
    if (term.length < config.minSharedPrefix) continue;
    const [shorter, longer] = term.length <= stem.length ? [term, stem] : [stem, term];
    if (longer.startsWith(shorter) && longer.length - shorter.length <= config.maxInflectionTail)
      for (const g of termGroups) groups.add(g);
  }
  return [...groups];
}

function isNumber(term: string): boolean {
  return /^\p{N}+$/u.test(term);
}

/** The index of one language's sections, with the corpus statistics the stages read. */
export class LanguageIndex {
  readonly search: MiniSearch<PassageDocument>;
  readonly passages = new Map<string, Passage>();
  readonly documentFrequency = new Map<string, number>();
  /** Stems the articles write capitalised inside sentences and never in lower case. */
  readonly names = new Set<string>();
  /**
   * Every word the articles write capitalised mid-sentence and never lower-case: the names, and
   * the airline's products (its fares: "Galija"), which titles and headings name too.
   */
  readonly properNames = new Set<string>();
  readonly synonyms: SynonymTable;
  /** Terms of what each article is about: title, tags, synonyms, sample questions, headings. */
  readonly topics = new Map<string, Set<string>>();
  /** Group terms of the subjects (the lexicon's `subjects`) each section's headings name. */
  readonly subjects = new Map<string, ReadonlySet<string>>();
  /** Group terms of every subject. */
  readonly subjectTerms: ReadonlySet<string>;
  /** Subject groups that narrow another (guide dogs among pets), as index terms. */
  readonly narrowSubjectTerms: ReadonlySet<string>;
  /** Subjects beside the journey (parking, meals on board), as index terms. */
  readonly peripheralSubjectTerms: ReadonlySet<string>;
  /** Group terms of the cases each peripheral subject's term is written of as part of another rule. */
  readonly peripheralContexts: ReadonlyMap<string, readonly string[]>;
  /** The lexicon's contrast sets, as index terms. */
  readonly contrastSets: readonly ReadonlySet<string>[];
  /** Qualifiers that narrow a thing to a case of its own (an electric wheelchair), as index terms. */
  readonly narrowingTerms: ReadonlySet<string>;
  /** Passage id → the contrast terms its headings name. */
  readonly contrastSides = new Map<string, ReadonlySet<string>>();
  /** Passage ids of glossary sections: terms and what they mean, no rule. */
  readonly definitionLists = new Set<string>();
  /** Passage ids of worked examples: one passenger's case under an "Example:" heading. */
  readonly examples = new Set<string>();
  /**
   * Whether an unknown word may be read as an indexed word it starts with (the pack's
   * `guess_inflections`: for a richly inflected language whose stemmer misses many forms).
   */
  readonly guessesInflections: boolean;
  private readonly clippedEndings: Readonly<Record<string, string>>;
  /** Stop words the articles write only as a name ("a Max ticket"), never in lower case. */
  readonly namedStopWords: ReadonlySet<string>;
  /** Codes the articles define ("STD – scheduled departure time"), with their defining words. */
  readonly abbreviations: ReadonlyMap<string, string>;
  private readonly termCache = new Map<string, string[]>();
  private readonly expanding = new Set<string>();
  private readonly textTerms = new Map<string, Set<string>>();
  private readonly inflections = new Map<string, string | undefined>();
  private readonly known = new Map<string, boolean>();
  private adjacentStems: Set<string> | undefined;
  private replaced: ReplacedFigure[] | undefined;
  private replacedIn: Map<string, Replaced> | undefined;

  constructor(
    readonly language: Language,
    articles: readonly Article[],
    lexicon: Lexicon,
    private readonly config: EngineConfig['retrieval'] = DEFAULT_CONFIG.retrieval,
  ) {
    this.synonyms = buildSynonymTable(language, lexicon);
    // What the articles of the language write shows their own names and codes.
    const texts = articles
      .filter((a) => a.language === language)
      .flatMap((a) => [a.title, a.intro, ...a.sections.flatMap((s) => [s.heading, s.text])]);
    const stopWord = (word: string) => isStopWord(word, language);
    this.namedStopWords = namedStopWords(texts, stopWord);
    this.abbreviations = findAbbreviations(texts, stopWord);
    this.subjectTerms = new Set([...lexicon.subjects].map((name) => `_${name}`));
    this.narrowSubjectTerms = new Set([...lexicon.narrowSubjects].map((name) => `_${name}`));
    this.peripheralSubjectTerms = new Set(
      [...lexicon.peripheralSubjects].map((name) => `_${name}`),
    );
    this.peripheralContexts = new Map(
      [...lexicon.peripheralContexts].map(([name, cases]) => [
        `_${name}`,
        cases.map((c) => `_${c}`),
      ]),
    );
    this.contrastSets = lexicon.contrasts.map((set) => new Set(set.map((name) => `_${name}`)));
    this.narrowingTerms = new Set([...lexicon.narrowing].map((name) => `_${name}`));
    this.guessesInflections = languagePack(language).guess_inflections ?? false;
    this.clippedEndings = languagePack(language).clipped_endings ?? {};
    this.search = cacheTermResults(
      new MiniSearch<PassageDocument>({
        fields: [...FIELDS],
        tokenize: (text) => tokenize(text),
        processTerm: (term) => this.termsOfToken(term),
        searchOptions: { boost: config.fieldBoost },
      }),
    );
    const documents: PassageDocument[] = [];
    const exampleWords = languagePack(language).example_headings ?? [];
    const exampleHeading =
      exampleWords.length > 0
        ? new RegExp(
            `^(?:${exampleWords.map((w) => escapeRegExp(fold(w))).join('|')})(?:\\s*[:–—-]|$)`,
            'u',
          )
        : undefined;
    for (const article of articles) {
      if (article.language !== language) continue;
      const keywords = [...article.tags, ...article.synonyms].join('\n');
      const questions = article.questions.join('\n');
      // A section under a "##" heading is also about what that heading names ("Checked bags" over
      // "Limits", "Four paws welcome" over "How much is it?").
      const headingOf = (s: (typeof article.sections)[number]) =>
        s.parent ? `${s.parent}\n${s.heading}` : s.heading;
      // The things a table or a list names row by row ("Sandwich: EUR 5") are its topics too.
      const labels = article.sections.flatMap((s) =>
        s.text.split('\n').flatMap((line) => rowLabel(line) ?? []),
      );
      const topic = this.termsOf(
        [article.title, keywords, questions, ...article.sections.map(headingOf), ...labels].join(
          '\n',
        ),
      );
      this.topics.set(article.id, topic);
      const titleSides = this.contrastTermsOf(article.title);
      for (const section of article.sections) {
        const passage: Passage = {
          id: `${article.id}#${section.slug}`,
          articleId: article.id,
          language,
          articleTitle: article.title,
          heading: section.heading,
          text: section.referred ?? section.text,
        };
        if (article.url) passage.url = article.url;
        if (section.parent) passage.parent = section.parent;
        this.passages.set(passage.id, passage);
        if (isDefinitionList(section.text)) this.definitionLists.add(passage.id);
        if (exampleHeading?.test(fold(section.heading.toLowerCase())))
          this.examples.add(passage.id);
        // Its own headings, not the article's title: one article may hold several subjects
        // ("Checked luggage, sports equipment and instruments").
        const subjects = [...this.termsOf(headingOf(section))].filter((t) =>
          this.subjectTerms.has(t),
        );
        if (subjects.length > 0) this.subjects.set(passage.id, new Set(subjects));
        // For each contrast, the nearest heading naming a side of it says it, else the article's
        // title ("Checked bags" over "Overweight bags").
        const headed = this.contrastTermsOf(headingOf(section));
        const sides = [
          ...headed,
          ...titleSides.filter(
            (t) => !this.contrastSets.some((set) => set.has(t) && headed.some((h) => set.has(h))),
          ),
        ];
        if (sides.length > 0) this.contrastSides.set(passage.id, new Set(sides));
        documents.push({
          id: passage.id,
          heading: headingOf(section),
          text: section.text,
          title: article.title,
          keywords,
          questions,
        });
        const terms = new Set<string>();
        for (const field of [
          headingOf(section),
          section.text,
          article.title,
          keywords,
          questions,
        ]) {
          for (const term of this.termsOf(field)) terms.add(term);
        }
        for (const term of terms)
          this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      }
    }
    this.search.addAll(documents);
    this.collectNames(documents);
  }

  /** Figures the articles say are no longer in force ("EUR 45, not EUR 40"), read once. */
  get replacedFigures(): readonly ReplacedFigure[] {
    if (!this.replaced) {
      this.replaced = findReplacedFigures(languagePack(this.language), this.passages.values(), {
        termsOf: (text) => this.termsOf(text),
        idf: (term) => this.idf(term),
        sectionsWith: (term) => this.documentFrequency.get(term) ?? 0,
        subjectTerms: this.subjectTerms,
        isProduct: (term) => this.isProduct(term),
        // A footnote's mark ("^ For example, …") opens no sentence.
        isExample: (passage, sentence) =>
          this.examples.has(passage.id) || isExample(sentence.replace(/^[\s^*_]+/u, '')),
      });
    }
    return this.replaced;
  }

  /** Each section stating a figure another text replaced: those sentences, and the replacing sections. */
  get replacedSections(): ReadonlyMap<string, Replaced> {
    this.replacedIn ??= replacedSections(this.replacedFigures, this.passages.values(), {
      termsOf: (text) => this.termsOf(text),
      subjectTerms: this.subjectTerms,
      isProduct: (term) => this.isProduct(term),
    });
    return this.replacedIn;
  }

  /** The terms of a text that name a side of one of the lexicon's contrasts. */
  private contrastTermsOf(text: string): string[] {
    return [...this.termsOf(text)].filter((t) => this.contrastSets.some((set) => set.has(t)));
  }

  /**
   * Whether an article's title, tags, headings and labels name none of the subjects asked about
   * (an e-cigarette, a chihuahua): it is about something else. No subject asked, no article is.
   */
  isOffTopic(articleId: string, subjectsAsked: Iterable<string>): boolean {
    const asked = [...subjectsAsked];
    if (asked.length === 0) return false;
    const topic = this.topics.get(articleId);
    return !topic || !asked.some((s) => topic.has(s));
  }

  /** Whether a stem names one of the airline's products (a fare: "Bedem"): a proper name, no place. */
  isProduct(stem: string): boolean {
    return this.properNames.has(stem) && !this.names.has(stem);
  }

  /** Whether a text names a narrowing qualifier (an electric wheelchair) the question does not. */
  namesNarrowerCase(questionGroups: ReadonlySet<string>, terms: ReadonlySet<string>): boolean {
    for (const t of this.narrowingTerms) if (terms.has(t) && !questionGroups.has(t)) return true;
    return false;
  }

  /**
   * Whether a text's terms (a sentence's, a section's headings') name only another side of a
   * contrast than the question's groups name ("… in the cabin" for a question about the hold).
   */
  namesOtherSide(questionGroups: ReadonlySet<string>, terms: ReadonlySet<string>): boolean {
    return this.contrastSets.some((set) => {
      const named = [...set].filter((t) => terms.has(t));
      return (
        named.length > 0 &&
        [...set].some((t) => questionGroups.has(t)) &&
        !named.some((t) => questionGroups.has(t))
      );
    });
  }

  private collectNames(documents: readonly PassageDocument[]): void {
    const capitalised = new Set<string>();
    const lower = new Set<string>();
    // A capitalised word an article's title names, or two of its headings ("Earning Stars",
    // "Spending Stars"), is what it is about, a product's name, not a place qualifying a
    // question (one heading may name a place: "Ticket desk at the city airport").
    const headings = new Map<string, number>();
    const titled = new Set<string>();
    const stemsOf = new Map<string, string[]>();
    for (const document of documents) {
      for (const field of [document.heading, document.text, document.title]) {
        // Words after a sentence start are capitalised by grammar, not by being names.
        for (const m of field.matchAll(/\p{L}+/gu)) {
          const word = m[0];
          if (opensSentence(field, m.index)) continue;
          const lowered = word.toLowerCase();
          let stems = stemsOf.get(lowered);
          if (!stems) {
            stems = stemVariants(lowered, this.language);
            stemsOf.set(lowered, stems);
          }
          const titleCase = /^\p{Lu}\p{Ll}+$/u.test(word);
          for (const stem of stems) (titleCase ? capitalised : lower).add(stem);
          if (titleCase && field === document.title) for (const stem of stems) titled.add(stem);
          if (titleCase && field === document.heading)
            for (const stem of stems) headings.set(stem, (headings.get(stem) ?? 0) + 1);
        }
      }
    }
    for (const stem of capitalised) {
      if (lower.has(stem)) continue;
      this.properNames.add(stem);
      if (!titled.has(stem) && (headings.get(stem) ?? 0) < 2) this.names.add(stem);
    }
  }

  /**
   * A stop word typed short, as people write it ("bit", "imat" for "biti", "imati"): the pack's
   * `clipped_endings` give the letters left off after the word's last ones.
   */
  private isClippedStopWord(token: string): boolean {
    return Object.entries(this.clippedEndings).some(
      ([end, full]) =>
        token.endsWith(end) && isStopWord(token.slice(0, -end.length) + full, this.language),
    );
  }

  /** Stems of a token plus its synonym groups; nothing for stop words. */
  termsOfToken(token: string): string[] {
    const cached = this.termCache.get(token);
    if (cached) return cached;
    let terms: string[] = [];
    if (
      this.namedStopWords.has(token) ||
      (!isStopWord(token, this.language) && !this.isClippedStopWord(token))
    ) {
      const stems = stemVariants(token, this.language);
      let groups = new Set(stems.flatMap((s) => this.synonyms.get(s) ?? []));
      // The stemmer cuts inflections of one word differently (a listed form and
      // its inflection get different stems): a listed word found by a near-whole prefix still means its group.
      if (groups.size === 0)
        groups = new Set(stems.flatMap((s) => groupsByPrefix(this.synonyms, s, this.config)));
      if (groups.size === 0) {
        const base = stems
          .map((s) => diminutiveGroups(this.synonyms, s, this.language))
          .find(Boolean);
        if (base) {
          stems.push(base.stem);
          groups = new Set(base.groups);
        }
      }
      terms = [...stems, ...groups];
      // A code the articles define stands for its words too (once: a definition naming another
      // code that names it back must not loop).
      const meaning = this.abbreviations.get(token);
      if (meaning && !this.expanding.has(token)) {
        this.expanding.add(token);
        for (const word of tokenize(meaning))
          if (word !== token) for (const term of this.termsOfToken(word)) terms.push(term);
        this.expanding.delete(token);
        terms = [...new Set(terms)];
      }
    }
    if (this.termCache.size > 50_000) this.termCache.clear();
    this.termCache.set(token, terms);
    return terms;
  }

  /** Index terms of a text; the articles' own sections and sentences are cached (read per answer). */
  termsOf(text: string): Set<string> {
    const cached = this.textTerms.get(text);
    if (cached) return cached;
    const terms = new Set(tokenize(text).flatMap((token) => this.termsOfToken(token)));
    if (this.textTerms.size > 20_000) this.textTerms.clear();
    this.textTerms.set(text, terms);
    return terms;
  }

  idf(term: string): number {
    const n = this.passages.size;
    const df = this.documentFrequency.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /**
   * The indexed stem an unknown word is most likely an inflection of: one the word starts with,
   * but for the stem's last letter, over at least 4 letters and most of the word ("otkazujem" →
   * "otkaza", "doplacujem" → "doplat", "letjelo" → "letet"). The stemmer misses many verb forms
   * and forms typed without diacritics; this is the fallback for those.
   */
  inflectionOf(stem: string): string | undefined {
    if (this.inflections.has(stem)) return this.inflections.get(stem);
    let best: string | undefined;
    let bestLength = 0;
    for (const [term, df] of this.documentFrequency) {
      if (isGroupTerm(term) || isNumber(term) || term.length < 4) continue;
      let shared = 0;
      while (shared < term.length && shared < stem.length && term[shared] === stem[shared])
        shared++;
      if (shared < Math.max(4, term.length - 1, 0.6 * stem.length)) continue;
      const better =
        shared > bestLength ||
        (shared === bestLength && best && df > (this.documentFrequency.get(best) ?? 0));
      if (better) {
        best = term;
        bestLength = shared;
      }
    }
    if (this.inflections.size > 10_000) this.inflections.clear();
    this.inflections.set(stem, best);
    return best;
  }

  /**
   * The two words the articles write apart that an unknown token joins ("pitbula" for "pit bul
   * terijer", "powerbanks" for "power banks"): a split whose halves the articles write side by
   * side, in that order. People type a compound as one word that the articles spell as two.
   */
  splitCompound(token: string): [string, string] | undefined {
    this.adjacentStems ??= this.collectAdjacentStems();
    const stemsOf = (part: string) => this.termsOfToken(part).filter((t) => !isGroupTerm(t));
    for (let i = 3; i <= token.length - 3; i++) {
      const [left, right] = [token.slice(0, i), token.slice(i)];
      for (const a of stemsOf(left))
        for (const b of stemsOf(right))
          if (this.adjacentStems.has(`${a} ${b}`)) return [left, right];
    }
    return undefined;
  }

  /** Every pair of content words the articles write next to each other, as stems. */
  private collectAdjacentStems(): Set<string> {
    const pairs = new Set<string>();
    for (const passage of this.passages.values()) {
      const tokens = tokenize(`${passage.heading}\n${passage.text}`);
      for (let i = 0; i + 1 < tokens.length; i++) {
        const a = this.termsOfToken(tokens[i]!).filter((t) => !isGroupTerm(t));
        const b = this.termsOfToken(tokens[i + 1]!).filter((t) => !isGroupTerm(t));
        for (const x of a) for (const y of b) pairs.add(`${x} ${y}`);
      }
    }
    return pairs;
  }

  /** Whether the articles know the token (a language hint, read for every question's words). */
  has(token: string): boolean {
    let known = this.known.get(token);
    if (known === undefined) {
      known = stemVariants(token, this.language).some((s) => this.documentFrequency.has(s));
      if (this.known.size > 50_000) this.known.clear();
      this.known.set(token, known);
    }
    return known;
  }
}

export interface KnowledgeBaseOptions {
  /** The airline's own words (its knowledge folder's `_lexicon.yaml` files). */
  lexicon?: AirlineLexicon;
  /** The tuned numbers (default: DEFAULT_CONFIG). */
  config?: EngineConfig;
  /** Only the relevance gate's numbers changed (benches). */
  relevance?: RelevanceSettings;
}

/** Builds the passage index of both languages from validated articles and the airline's lexicon. */
export function buildKnowledgeBase(
  articles: readonly Article[],
  settings: KnowledgeBaseOptions = {},
): KnowledgeBase {
  const base = settings.config ?? DEFAULT_CONFIG;
  const config: EngineConfig = settings.relevance
    ? { ...base, relevance: settings.relevance }
    : base;
  const lexicon = buildLexicon(settings.lexicon);
  const qualifying = new Set([...lexicon.qualifiers].map((name) => `_${name}`));
  const everywhere = new Set([...lexicon.everywhere].map((name) => `_${name}`));
  const passOver = new Set([...qualifying, ...everywhere]);
  const indexes = Object.fromEntries(
    LANGUAGES.map((l) => [l, new LanguageIndex(l, articles, lexicon, config.retrieval)]),
  ) as Record<Language, LanguageIndex>;
  const vocabulary: Vocabulary = { mne: indexes.mne, en: indexes.en };

  function analyze(question: string, language: Language, focus?: string): QueryAnalysis {
    const index = indexes[language];
    const expansion = expand(index, question, focus);
    // A word no article knows, in a clause that only tells the passenger's story ("Our Great Dane
    // with his crate is 55 kg."), is the story's, not what is asked: it weighs less.
    const asking = focus ? undefined : askingPart(question);
    const asked = asking ? new Set(tokenize(asking)) : undefined;
    if (asked) {
      for (const word of expansion.words)
        if (!asked.has(word.token) && !word.known) word.idf *= config.retrieval.storyWordWeight;
    }
    // What the passenger says they do not do ("ništa ne predajem", "I'm not checking a bag") is
    // no topic of the question: the word weighs less.
    const negators = new Set(languagePack(language).negators ?? []);
    const tokens = tokenize(question);
    for (let i = 0; i < tokens.length && negators.size > 0; i++) {
      if (!negators.has(tokens[i] as string)) continue;
      const negated = tokens
        .slice(i + 1, i + 1 + NEGATION_REACH)
        .map((t) => expansion.words.find((w) => w.token === t))
        .find((w) => w !== undefined);
      if (negated) negated.idf *= config.retrieval.negatedWordWeight;
    }
    // The unit of a span the passenger counts ("ima 2 mjeseca", "in 3 days") is their measure,
    // which the numbers compare with the articles' own ("12 sedmica"), not a topic.
    for (let i = 1; i < tokens.length; i++) {
      if (!/^\d+$/u.test(tokens[i - 1] as string) || !isSpanUnit(tokens[i] as string)) continue;
      const unit = expansion.words.find((w) => w.token === tokens[i]);
      if (unit) unit.idf *= config.retrieval.spanUnitWeight;
    }
    const numbers = questionNumbers(question);
    const aged = givesAge(question);
    const search = () => retrieve(index, expansion, config.retrieval, everywhere, aged, numbers);
    let retrieval = search();
    const beyond = beyondLimit(index, lexicon, expansion.words, question, retrieval.results);
    if (beyond) {
      expansion.words.push(beyond);
      retrieval = search();
    }
    const { relevant, reason } = judgeRelevance(
      index,
      expansion.words,
      retrieval,
      qualifying,
      config.relevance,
      {
        action: asksAction(question),
        live: asksLive(question),
        company: asksCompany(question),
        exists: askedToExist(question, expansion.words, passOver),
        // What the clause that asks points back at ("Nosim dasku za surf, koliko se to plaća?")
        // is asked about too.
        absent: absentSubject(
          index,
          expansion.words,
          asking && pointsBack(asking, language) ? undefined : asked,
          config.retrieval.minSharedPrefix,
        ),
        asking: asked,
        asksBack: !!asking && pointsBack(asking, language),
        everywhere,
      },
    );
    const analysis: QueryAnalysis = {
      question,
      language,
      words: expansion.words,
      numbers: expansion.numbers,
      coverage: retrieval.best?.coverage ?? 0,
      results: withReplacingSections(retrieval.results, index.replacedSections, (id) =>
        index.passages.get(id),
      ),
      matchedTerms: retrieval.matchedTerms,
      relevant,
    };
    if (reason) analysis.reason = reason;
    return analysis;
  }

  const passages = LANGUAGES.flatMap((l) => [...indexes[l].passages.values()]);
  return {
    articles,
    passages,
    lexicon,
    qualifying,
    config,
    indexes,
    analyze,
    detectLanguage: (question, fallback) => detectLanguage(question, fallback, vocabulary),
    languageBalance: (text) => languageBalance(text, vocabulary),
    search(question, { language, limit = 3 }) {
      const analysis = analyze(question, language);
      return analysis.relevant ? analysis.results.slice(0, limit) : [];
    },
    termsOf: (text, language) => indexes[language].termsOf(text),
    lookup: (question, language) => indexes[language].search.search(question),
  };
}
