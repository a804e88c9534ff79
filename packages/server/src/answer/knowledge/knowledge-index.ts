import MiniSearch, { type SearchOptions, type SearchResult } from 'minisearch';
import type { Language } from '@supersteward/contract';
import type { Article } from './article.js';
import { detectLanguage, languageBalance, type Vocabulary } from './language.js';
import { isStopWord } from './stopwords.js';
import { buildSynonymTable, diminutiveGroups, isGroupTerm, type SynonymTable } from './synonyms.js';
import { KNOWLEDGE_LANGUAGES as LANGUAGES, stemVariants, tokenize } from './text.js';
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
   * ("to Vienna") but is not what the question is about, so it weighs little in coverage.
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
}

export interface KnowledgeBase extends KnowledgeIndex {
  readonly articles: readonly Article[];
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

export interface RelevanceSettings {
  /** Least IDF-weighted share of the question's content words the best article must hold. */
  minCoverage: number;
  /**
   * Least search score of the best passage. A question about the topics meets an article's
   * headings, tags and sample questions and scores in the hundreds on the sample knowledge base;
   * one that only shares a place name or a look-alike word with some paragraph scores below 20.
   */
  minScore: number;
  /**
   * Least IDF one matched word must have, as a share of the IDF of a word no passage holds:
   * generic words ("flight", "cost") alone do not make a match.
   */
  minMatchedIdf: number;
}

export const DEFAULT_RELEVANCE: RelevanceSettings = {
  minCoverage: 0.4,
  minScore: 5,
  minMatchedIdf: 0.3,
};

interface PassageDocument {
  id: string;
  heading: string;
  text: string;
  title: string;
  keywords: string;
  questions: string;
}

/** How much more a follow-up's own words weigh in search than the earlier question's. */
const FOCUS_BOOST = 3;

/** Share of a name's weight in coverage (see QueryWord.name). */
const NAME_WEIGHT = 0.3;

const FIELDS = ['heading', 'text', 'title', 'keywords', 'questions'] as const;
const BOOST = { heading: 2, text: 1, title: 1.5, keywords: 1.5, questions: 1 };

/** Letters a synonym and an inflected form must share to be taken for one word. */
const MIN_SHARED_PREFIX = 5;
/** Letters either of the two may have beyond the shared prefix. */
const MAX_INFLECTION_TAIL = 2;

/** Groups of the listed synonyms that a stem and differ only in an inflection tail from. */
export function groupsByPrefix(table: SynonymTable, stem: string): string[] {
  if (stem.length < MIN_SHARED_PREFIX) return [];
  const groups = new Set<string>();
  for (const [term, termGroups] of table) {
    if (term.length < MIN_SHARED_PREFIX) continue;
    const [shorter, longer] = term.length <= stem.length ? [term, stem] : [stem, term];
    if (longer.startsWith(shorter) && longer.length - shorter.length <= MAX_INFLECTION_TAIL)
      for (const g of termGroups) groups.add(g);
  }
  return [...groups];
}

function isNumber(term: string): boolean {
  return /^\p{N}+$/u.test(term);
}

class LanguageIndex {
  readonly search: MiniSearch<PassageDocument>;
  readonly passages = new Map<string, Passage>();
  readonly documentFrequency = new Map<string, number>();
  /** Stems the articles write capitalised inside sentences and never in lower case. */
  readonly names = new Set<string>();
  readonly synonyms: SynonymTable;
  /** Terms of what each article is about: title, tags, synonyms, sample questions, headings. */
  readonly topics = new Map<string, Set<string>>();
  private readonly termCache = new Map<string, string[]>();
  private readonly inflections = new Map<string, string | undefined>();

  constructor(
    readonly language: Language,
    articles: readonly Article[],
  ) {
    this.synonyms = buildSynonymTable(language);
    this.search = new MiniSearch<PassageDocument>({
      fields: [...FIELDS],
      tokenize: (text) => tokenize(text),
      processTerm: (term) => this.termsOfToken(term),
      searchOptions: { boost: BOOST },
    });
    const documents: PassageDocument[] = [];
    for (const article of articles) {
      if (article.language !== language) continue;
      const keywords = [...article.tags, ...article.synonyms].join('\n');
      const questions = article.questions.join('\n');
      const topic = this.termsOf(
        [article.title, keywords, questions, ...article.sections.map((s) => s.heading)].join('\n'),
      );
      this.topics.set(article.id, topic);
      for (const section of article.sections) {
        const passage: Passage = {
          id: `${article.id}#${section.slug}`,
          articleId: article.id,
          language,
          articleTitle: article.title,
          heading: section.heading,
          text: section.text,
        };
        if (article.url) passage.url = article.url;
        this.passages.set(passage.id, passage);
        documents.push({
          id: passage.id,
          heading: section.heading,
          text: section.text,
          title: article.title,
          keywords,
          questions,
        });
        const terms = new Set<string>();
        for (const field of [section.heading, section.text, article.title, keywords, questions]) {
          for (const term of this.termsOf(field)) terms.add(term);
        }
        for (const term of terms)
          this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      }
    }
    this.search.addAll(documents);
    this.collectNames(documents);
  }

  private collectNames(documents: readonly PassageDocument[]): void {
    const capitalised = new Set<string>();
    const lower = new Set<string>();
    for (const document of documents) {
      for (const field of [document.heading, document.text, document.title]) {
        // Words after a sentence start are capitalised by grammar, not by being names.
        for (const m of field.matchAll(/\p{L}+/gu)) {
          const word = m[0];
          if (/(^|[.!?:;]\s*|\n\s*)$/.test(field.slice(0, m.index))) continue;
          const stems = stemVariants(word.toLowerCase(), this.language);
          const titleCase = /^\p{Lu}\p{Ll}+$/u.test(word);
          for (const stem of stems) (titleCase ? capitalised : lower).add(stem);
        }
      }
    }
    for (const stem of capitalised) if (!lower.has(stem)) this.names.add(stem);
  }

  /** Stems of a token plus its synonym groups; nothing for stop words. */
  termsOfToken(token: string): string[] {
    const cached = this.termCache.get(token);
    if (cached) return cached;
    let terms: string[] = [];
    if (!isStopWord(token, this.language)) {
      const stems = stemVariants(token, this.language);
      let groups = new Set(stems.flatMap((s) => this.synonyms.get(s) ?? []));
      // The stemmer cuts inflections of one word differently ("papagaj" → "papaga", "papagaja" →
      // "papagaj"): a listed word found by a near-whole prefix still means its group.
      if (groups.size === 0)
        groups = new Set(stems.flatMap((s) => groupsByPrefix(this.synonyms, s)));
      if (groups.size === 0 && this.language === 'mne') {
        const base = stems.map((s) => diminutiveGroups(this.synonyms, s)).find(Boolean);
        if (base) {
          stems.push(base.stem);
          groups = new Set(base.groups);
        }
      }
      terms = [...stems, ...groups];
    }
    if (this.termCache.size > 50_000) this.termCache.clear();
    this.termCache.set(token, terms);
    return terms;
  }

  termsOf(text: string): Set<string> {
    return new Set(tokenize(text).flatMap((token) => this.termsOfToken(token)));
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

  has(token: string): boolean {
    return stemVariants(token, this.language).some((s) => this.documentFrequency.has(s));
  }
}

/**
 * How a word is found in an article's matched terms: 1 as written or through a synonym, 0.9 as
 * the start of a longer word, 0.5 only with a typo allowance (which also finds look-alikes).
 */
function matchQuality(
  word: QueryWord,
  queryTerms: Set<string>,
  documentTerms: Set<string>,
): number {
  if (word.stems.some((s) => documentTerms.has(s)) || word.groups.some((g) => documentTerms.has(g)))
    return 1;
  const found = word.stems.filter((s) => queryTerms.has(s));
  if (found.length === 0) return 0;
  for (const stem of found) for (const term of documentTerms) if (term.startsWith(stem)) return 0.9;
  return 0.5;
}

function fuzziness(term: string): number | false {
  if (isGroupTerm(term) || isNumber(term) || term.length < 5) return false;
  return term.length >= 9 ? 2 : 1;
}

function searchOptions(): SearchOptions {
  return {
    boost: BOOST,
    combineWith: 'OR',
    // The query arrives already processed: one term per space-separated item.
    tokenize: (query) => query.split(' ').filter(Boolean),
    processTerm: (term) => term,
    prefix: (term) => !isGroupTerm(term) && !isNumber(term) && term.length >= 4,
    fuzzy: (term) => fuzziness(term),
    weights: { fuzzy: 0.45, prefix: 0.4 },
    // A synonym counts, but less than the word the passenger actually wrote.
    boostTerm: (term) => (isGroupTerm(term) ? 0.6 : 1),
  };
}

interface Coverage {
  /** Share of the question's content weight (IDF) the article holds, 0..1. */
  coverage: number;
  /** The words the article holds. */
  matched: Set<QueryWord>;
  /** IDF of the rarest word (or synonym group) the article holds as written. */
  strongest: number;
  /** Words held as written or by prefix (not by a typo allowance), names aside. */
  matchedWords: number;
}

function coverageOf(
  words: readonly QueryWord[],
  queryTerms: Set<string>,
  documentTerms: Set<string>,
  index: LanguageIndex,
): Coverage {
  let total = 0;
  let covered = 0;
  let strongest = 0;
  let matchedWords = 0;
  const matched = new Set<QueryWord>();
  for (const word of words) {
    const quality = matchQuality(word, queryTerms, documentTerms);
    if (quality > 0) matched.add(word);
    const weight = word.name ? word.idf * NAME_WEIGHT : word.idf;
    total += weight;
    covered += quality * weight;
    if (quality >= 0.9 && !word.name) {
      matchedWords++;
      const groupIdf = Math.max(
        0,
        ...word.groups.filter((g) => documentTerms.has(g)).map((g) => index.idf(g)),
      );
      const ownIdf = word.stems.some((s) => queryTerms.has(s)) ? word.idf : 0;
      strongest = Math.max(strongest, ownIdf, groupIdf);
    }
  }
  return { coverage: total > 0 ? covered / total : 0, matched, strongest, matchedWords };
}

/**
 * Words that only qualify a question (a price, a flight, a percentage): a place and a price
 * ("koliko košta pica u Podgorici") do not make a question about the airline's rules.
 */
const QUALIFYING_GROUPS = new Set([
  '_price',
  '_fly',
  '_percent',
  '_advance',
  '_transport',
  '_online',
  '_ticket',
  '_large',
]);

/**
 * Whether a question word names what an article is about (its title, tags, synonyms, sample
 * questions or headings hold it), not merely a place or a qualifier its text happens to contain.
 */
function names(word: QueryWord, topic: ReadonlySet<string> | undefined): boolean {
  if (!topic || word.name || word.groups.some((g) => QUALIFYING_GROUPS.has(g))) return false;
  return word.stems.some((s) => topic.has(s)) || word.groups.some((g) => topic.has(g));
}

/**
 * Whether the best article holds every one of several content words of the question (places and
 * qualifiers aside) somewhere in its text: a question phrased in an article's own words.
 */
function heldWhole(words: readonly QueryWord[], best: Coverage | undefined): boolean {
  const content = words.filter((w) => !w.name && !w.groups.some((g) => QUALIFYING_GROUPS.has(g)));
  return content.length >= 2 && content.every((w) => best?.matched.has(w));
}

/** Results whose articles are checked for a word naming their topic. */
const TOPIC_RESULTS = 3;

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

/** Builds the passage index of both languages from validated articles. */
export function buildKnowledgeBase(
  articles: readonly Article[],
  relevance: RelevanceSettings = DEFAULT_RELEVANCE,
): KnowledgeBase {
  const indexes = Object.fromEntries(
    LANGUAGES.map((l) => [l, new LanguageIndex(l, articles)]),
  ) as Record<Language, LanguageIndex>;
  const vocabulary: Vocabulary = { mne: indexes.mne, en: indexes.en };
  const options = searchOptions();

  function analyze(question: string, language: Language, focus?: string): QueryAnalysis {
    const index = indexes[language];
    const words: QueryWord[] = [];
    const numbers: string[] = [];
    const seen = new Set<string>();
    for (const token of tokenize(question)) {
      if (seen.has(token)) continue;
      seen.add(token);
      if (isNumber(token)) {
        numbers.push(token);
        continue;
      }
      const terms = index.termsOfToken(token);
      if (terms.length === 0) continue;
      const stems = terms.filter((t) => !isGroupTerm(t));
      const groups = terms.filter(isGroupTerm);
      const name = stems.length > 0 && stems.every((s) => index.names.has(s));
      let known = stems.some((s) => index.documentFrequency.has(s));
      if (!known && !name) {
        const inflection = stems.map((s) => index.inflectionOf(s)).find(Boolean);
        if (inflection) {
          stems.push(inflection);
          for (const g of index.synonyms.get(inflection) ?? [])
            if (!groups.includes(g)) groups.push(g);
          known = true;
        }
      }
      // The rarest known spelling: a variant the stemmer made up must not weigh as an unknown word.
      const spellings = known ? stems.filter((s) => index.documentFrequency.has(s)) : stems;
      const idf = Math.max(...spellings.map((s) => index.idf(s)));
      words.push({ token, stems, groups, idf, known, matched: false, name });
    }
    const queryTerms = [...new Set(words.flatMap((w) => [...w.stems, ...w.groups]))];
    const focused = new Set(focus ? tokenize(focus) : []);
    const focusTerms = new Set(
      words.filter((w) => focused.has(w.token)).flatMap((w) => [...w.stems, ...w.groups]),
    );
    const searchOptions: SearchOptions =
      focusTerms.size === 0
        ? options
        : {
            ...options,
            boostTerm: (term, i, terms) =>
              (options.boostTerm?.(term, i, terms) ?? 1) * (focusTerms.has(term) ? FOCUS_BOOST : 1),
          };
    for (const word of words) if (focused.has(word.token)) word.idf *= 2;
    const raw = queryTerms.length ? index.search.search(queryTerms.join(' '), searchOptions) : [];
    const matchedTerms = new Map<string, string[]>();
    const found: ScoredPassage[] = [];
    // Coverage is judged per article, on its passages together: a question's words often
    // spread over two sections of one topic.
    const byArticle = new Map<string, { query: Set<string>; document: Set<string> }>();
    raw.forEach((result) => {
      const passage = index.passages.get(String(result.id));
      if (!passage) return;
      found.push({ ...passage, score: result.score });
      matchedTerms.set(passage.id, result.terms);
      const terms = byArticle.get(passage.articleId) ?? { query: new Set(), document: new Set() };
      for (const t of result.queryTerms) terms.query.add(t);
      for (const t of result.terms) terms.document.add(t);
      byArticle.set(passage.articleId, terms);
    });
    const judged = new Map<string, Coverage>();
    for (const [articleId, terms] of byArticle)
      judged.set(articleId, coverageOf(words, terms.query, terms.document, index));
    // An article that holds all of the question's words beats one that matches some of them more
    // often ("težak kofer u kabini": the cabin-bag article, not the overweight checked bag).
    const weighted = (p: ScoredPassage) => p.score * (judged.get(p.articleId)?.coverage ?? 0) ** 2;
    // Scores are the ranking's own, so a passage below the best never out-scores it downstream.
    const ranked = found.map((p) => ({ p, w: weighted(p) })).sort((a, b) => b.w - a.w);
    const results = ranked.map(({ p, w }) => ({ ...p, score: w }));
    const topScore = ranked[0]?.p.score ?? 0;
    const best = judged.get(results[0]?.articleId ?? '');
    for (const word of words) word.matched = best?.matched.has(word) ?? false;
    const coverage = best?.coverage ?? 0;
    // Generic words alone ("flight", "cost") do not make a match, unless several of them and
    // nearly nothing else make up the question ("cabin baggage allowance").
    const specific =
      (best?.strongest ?? 0) >= relevance.minMatchedIdf * index.idf('') ||
      (coverageWithoutNames(words, best) >= 0.9 && (best?.matchedWords ?? 0) >= 2);
    // The leading articles, as the composer may quote any of them.
    const topics = [...new Set(results.slice(0, TOPIC_RESULTS).map((r) => r.articleId))].map((id) =>
      index.topics.get(id),
    );
    const relevant =
      topScore >= relevance.minScore &&
      coverage >= relevance.minCoverage &&
      specific &&
      (words.some((w) => topics.some((topic) => names(w, topic))) || heldWhole(words, best));
    return { question, language, words, numbers, coverage, results, matchedTerms, relevant };
  }

  const passages = LANGUAGES.flatMap((l) => [...indexes[l].passages.values()]);
  return {
    articles,
    passages,
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
