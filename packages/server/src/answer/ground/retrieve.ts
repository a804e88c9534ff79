import type { SearchOptions } from 'minisearch';
import type { EngineConfig } from '../config.js';
import type { LanguageIndex, QueryWord } from '../knowledge/knowledge-index.js';
import { isGroupTerm } from '../knowledge/synonyms.js';
import type { Passage, ScoredPassage } from '../knowledge/types.js';
import type { Expansion } from './expand.js';
import { boundFit, type QuestionNumber } from './numbers.js';
import { isTypoOf } from './typos.js';

/** How much of the question one article holds. */
export interface Coverage {
  /** Share of the question's content weight (IDF) the article holds, 0..1. */
  coverage: number;
  /** The words the article holds. */
  matched: Set<QueryWord>;
  /** IDF of the rarest word (or synonym group) the article holds as written. */
  strongest: number;
  /** Words held as written or by prefix (not by a typo allowance), names aside. */
  matchedWords: number;
}

/** Stage 3 of grounding: the sections found, ranked, with how well their articles cover the question. */
export interface Retrieval {
  /** Best passages first, whatever their relevance. */
  results: ScoredPassage[];
  /** Document terms each result matched, by passage id (exact, prefix and fuzzy matches). */
  matchedTerms: Map<string, string[]>;
  /** The best article's coverage. */
  best: Coverage | undefined;
  /** Raw search score of the best passage. */
  topScore: number;
}

function isNumber(term: string): boolean {
  return /^\p{N}+$/u.test(term);
}

/**
 * How a word is found in an article's matched terms: 1 as written or through a synonym, 0.9 as
 * the start of a longer word, 0.5 only with a typo allowance (which also finds look-alikes), 0
 * for a look-alike that differs in the first letter.
 */
export function matchQuality(
  word: QueryWord,
  queryTerms: Set<string>,
  documentTerms: Set<string>,
): number {
  if (word.stems.some((s) => documentTerms.has(s)) || word.groups.some((g) => documentTerms.has(g)))
    return 1;
  const found = word.stems.filter((s) => queryTerms.has(s));
  if (found.length === 0) return 0;
  for (const stem of found) for (const term of documentTerms) if (term.startsWith(stem)) return 0.9;
  for (const stem of found) for (const term of documentTerms) if (isTypoOf(term, stem)) return 0.5;
  return 0;
}

function fuzziness(term: string): number | false {
  if (isGroupTerm(term) || isNumber(term) || term.length < 5) return false;
  return term.length >= 9 ? 2 : 1;
}

const optionsCache = new WeakMap<EngineConfig['retrieval'], SearchOptions>();

/** MiniSearch options of the config: prefix and typo matches, synonyms weighing less. */
export function searchOptions(config: EngineConfig['retrieval']): SearchOptions {
  let options = optionsCache.get(config);
  if (!options) {
    options = {
      boost: config.fieldBoost,
      combineWith: 'OR',
      // The query arrives already processed: one term per space-separated item.
      tokenize: (query) => query.split(' ').filter(Boolean),
      processTerm: (term) => term,
      prefix: (term) => !isGroupTerm(term) && !isNumber(term) && term.length >= 4,
      fuzzy: (term) => fuzziness(term),
      weights: { fuzzy: config.fuzzyWeight, prefix: config.prefixWeight },
      // A synonym counts, but less than the word the passenger actually wrote.
      boostTerm: (term) => (isGroupTerm(term) ? config.synonymBoost : 1),
    };
    optionsCache.set(config, options);
  }
  return options;
}

export function coverageOf(
  words: readonly QueryWord[],
  queryTerms: Set<string>,
  documentTerms: Set<string>,
  index: LanguageIndex,
  nameWeight: number,
): Coverage {
  let total = 0;
  let covered = 0;
  let strongest = 0;
  let matchedWords = 0;
  const matched = new Set<QueryWord>();
  for (const word of words) {
    const quality = matchQuality(word, queryTerms, documentTerms);
    if (quality > 0) matched.add(word);
    const weight = word.name ? word.idf * nameWeight : word.idf;
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
 * Searches the sections with the expanded terms and ranks them by search score times the square
 * of their article's coverage: an article that holds all of the question's words beats one that
 * matches some of them more often. Coverage is judged per article, on its passages together: a
 * question's words often spread over two sections of one topic.
 */
export function retrieve(
  index: LanguageIndex,
  expansion: Expansion,
  config: EngineConfig['retrieval'],
  /** Group terms of flying itself (the lexicon's `everywhere`), which weigh less. */
  everywhere: ReadonlySet<string> = new Set(),
  /** The question gives an age: whose it is (a child's, an infant's, a pet's) is left open. */
  agedSubject = false,
  /** The measures the question gives of the passenger's case (a 30 kg dog, a 13-year-old). */
  numbers: readonly QuestionNumber[] = [],
): Retrieval {
  const { words, focusTerms } = expansion;
  const options = searchOptions(config);
  const queryTerms = [...new Set(words.flatMap((w) => [...w.stems, ...w.groups]))];
  const common = new Set(
    words
      .filter((w) => w.groups.some((g) => everywhere.has(g)))
      .flatMap((w) => [...w.stems, ...w.groups]),
  );
  // A group several of the question's words stand for ("phone number … a human") is what it asks.
  const said = new Map<string, number>();
  for (const word of words)
    for (const group of new Set(word.groups)) said.set(group, (said.get(group) ?? 0) + 1);
  const repeated = [...said.values()].some((n) => n > 1);
  const withFocus: SearchOptions =
    focusTerms.size === 0 && common.size === 0 && !repeated
      ? options
      : {
          ...options,
          boostTerm: (term, i, terms) =>
            (options.boostTerm?.(term, i, terms) ?? 1) *
            (focusTerms.has(term) ? config.focusBoost : 1) *
            (common.has(term) ? config.everywhereBoost : 1) *
            (1 + config.repeatedGroupBoost * Math.max(0, (said.get(term) ?? 1) - 1)),
        };
  const raw = queryTerms.length ? index.search.search(queryTerms.join(' '), withFocus) : [];
  const matchedTerms = new Map<string, string[]>();
  const found: { passage: Passage; score: number }[] = [];
  const byArticle = new Map<string, { query: Set<string>; document: Set<string> }>();
  for (const result of raw) {
    const passage = index.passages.get(String(result.id));
    if (!passage) continue;
    found.push({ passage, score: result.score });
    matchedTerms.set(passage.id, result.terms);
    const terms = byArticle.get(passage.articleId) ?? { query: new Set(), document: new Set() };
    for (const t of result.queryTerms) terms.query.add(t);
    for (const t of result.terms) terms.document.add(t);
    byArticle.set(passage.articleId, terms);
  }
  const judged = new Map<string, Coverage>();
  for (const [articleId, terms] of byArticle)
    judged.set(articleId, coverageOf(words, terms.query, terms.document, index, config.nameWeight));
  // A section about a subject the question never names (the pet's bag, asked about "the bag under
  // the seat") answers another passenger.
  const asked = new Set(words.flatMap((w) => w.groups).filter((g) => index.subjectTerms.has(g)));
  const named = new Set(words.flatMap((w) => w.groups));
  // The narrowing subjects asked about (guide dogs), and the broader ones their sections name.
  const narrowed = new Set([...asked].filter((s) => index.narrowSubjectTerms.has(s)));
  const broader = new Set<string>();
  if (narrowed.size > 0)
    for (const subjects of index.subjects.values())
      if ([...narrowed].some((s) => subjects.has(s)))
        for (const s of subjects) if (!narrowed.has(s)) broader.add(s);
  const someIn = (items: Iterable<string>, set: ReadonlySet<string>) => {
    for (const item of items) if (set.has(item)) return true;
    return false;
  };
  const unasked = (p: Passage) => {
    // The question names one side of a contrast and the section's heading only another ("Size
    // of a checked bag" for "size of cabin bag?").
    const sides = index.contrastSides.get(p.id);
    if (sides && index.namesOtherSide(named, sides)) return config.unaskedSubject;
    const subjects = index.subjects.get(p.id);
    if (!subjects) return 1;
    // A guide dog's section answers a question about guide dogs, not one about any dog.
    for (const subject of subjects)
      if (index.narrowSubjectTerms.has(subject) && !asked.has(subject))
        return config.unaskedSubject;
    // And a question about guide dogs is not answered by a section about any dog: one naming no
    // subject asked but those the guide dog's own sections name too.
    if (narrowed.size > 0 && !someIn(narrowed, subjects)) {
      let onlyBroader = true;
      for (const s of subjects) if (asked.has(s) && !broader.has(s)) onlyBroader = false;
      if (onlyBroader) return config.unaskedSubject;
    }
    return !agedSubject && !someIn(subjects, asked) ? config.unaskedSubject : 1;
  };
  // An article whose title, tags, headings and labels name none of the subjects asked about (an
  // e-cigarette, a chihuahua) is about something else, whatever age the question gives ("beba ima
  // 8 mjeseci" is not answered by the delays' "12 mjeseci"): only which of the article's sections
  // is the aged one's is left open.
  const offTopic = (p: Passage) => index.isOffTopic(p.articleId, asked);
  // An article whose bounds the passenger's own measure only fails ("at most 8 kg", asked about a
  // 30 kg dog) is about another case than one with a bound that holds it ("over 8 kg").
  const fits = new Map<string, number>();
  if (numbers.length > 0)
    for (const { passage: p } of found) {
      const fit = boundFit(`${p.heading}\n${p.text}`, numbers);
      const before = fits.get(p.articleId) ?? 0;
      // One bound that holds is the case; bounds that fail, only when none does.
      fits.set(p.articleId, before > 0 || fit > 0 ? 1 : Math.min(before, fit));
    }
  const bounded = (p: Passage, unaskedWeight: number) => {
    const fit = fits.get(p.articleId) ?? 0;
    // A bound holding the measure of another subject than the question's (a pet's 30 kg, asked
    // about a 26 kg suitcase) is no case of the question.
    if (fit > 0) return unaskedWeight === 1 ? config.boundHolds : 1;
    return fit < 0 ? config.boundFails : 1;
  };
  const weighted = ({ passage, score }: { passage: Passage; score: number }) => {
    const unaskedWeight = unasked(passage);
    return (
      score *
      bounded(passage, unaskedWeight) *
      (judged.get(passage.articleId)?.coverage ?? 0) ** 2 *
      unaskedWeight *
      (offTopic(passage) ? config.offTopicSubject : 1) *
      (index.definitionLists.has(passage.id) ? config.definitionList : 1) *
      (index.examples.has(passage.id) ? config.example : 1)
    );
  };
  // Scores are the ranking's own, so a passage below the best never out-scores it downstream.
  const ranked = found.map((f) => ({ f, w: weighted(f) })).sort((a, b) => b.w - a.w);
  const results: ScoredPassage[] = ranked.map(({ f, w }) => ({ ...f.passage, score: w }));
  const best = judged.get(results[0]?.articleId ?? '');
  for (const word of words) word.matched = best?.matched.has(word) ?? false;
  return { results, matchedTerms, best, topScore: ranked[0]?.f.score ?? 0 };
}
