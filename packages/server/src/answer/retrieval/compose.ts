import type { Source } from '@supersteward/contract';
import type { KnowledgeBase, QueryAnalysis, QueryWord } from '../knowledge/knowledge-index.js';
import type { ScoredPassage } from '../knowledge/types.js';
import { fold } from '../knowledge/text.js';
import { intentWeight, questionIntents, type AskedIntent } from './intents.js';
import { numberFit, questionNumbers } from './numbers.js';
import { splitSentences } from './sentences.js';

export interface ComposedAnswer {
  text: string;
  sources: Source[];
}

/** Weights of the sentence score. */
const WEIGHTS = {
  /** The sentence's share of the question's words, relative to the best-matching sentence. */
  words: 1,
  /**
   * A word found only through its synonym group, when the articles also use the word itself
   * (otherwise the synonym is the articles' word for it and counts fully).
   */
  synonym: 0.6,
  /** A sentence giving the kind of figure asked for. */
  intent: 3,
  /** Per question number the sentence states or whose range it covers. */
  number: 2.5,
  /**
   * A sentence stating a charge the question does not ask about: a fee is the consequence of a
   * case ("too heavy at the gate: EUR 50"), not the rule a plain question asks for.
   */
  unaskedPrice: 2.5,
  /**
   * The passage's search score relative to the best passage. Sections are the units articles are
   * written in (a descriptive heading, then the figure): the index's choice of section weighs more
   * than the wording of any one sentence.
   */
  passage: 8,
  /**
   * The share of the question's words the sentence's section holds (all of them beats most),
   * each word weighted by its squared IDF: the rare topic word ("makaze") counts far more than
   * the setting ("u ručnom prtljagu").
   */
  coverage: 3,
};

/** Passages whose score is below this share of the best are not quoted. */
const MIN_PASSAGE_SHARE = 0.45;
/** A second sentence is added when it scores at least this share of the first. */
const SECOND_SENTENCE_SHARE = 0.75;
const MAX_ANSWER_LENGTH = 420;
/** Two sections scoring within this share of each other are both quoted. */
const TIE_SHARE = 0.97;
/**
 * Two sections whose best sentences hold the words of a question asking for no figure equally
 * are both quoted when they score within this share ("Can I take my guitar on board?": the
 * small and the large instrument; "Can I bring my dog or cat?": which pets, and how heavy).
 */
const EQUAL_WORDS_SHARE = 0.9;
const SECTION_ORDER_PENALTY = 0.1;

export interface Candidate {
  passage: ScoredPassage;
  sentence: string;
  order: number;
  score: number;
  wordScore: number;
  intent: number;
}

function levenshteinWithin(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return false;
    previous = current;
  }
  return (previous[b.length] ?? max + 1) <= max;
}

/** Whether a set of sentence terms holds a query stem, allowing the index's prefix and typo matches. */
function holds(terms: Set<string>, stem: string, expansions: readonly string[]): boolean {
  if (terms.has(stem)) return true;
  return expansions.some(
    (e) =>
      terms.has(e) && (e.startsWith(stem) || levenshteinWithin(e, stem, stem.length >= 9 ? 2 : 1)),
  );
}

function scoreWord(word: QueryWord, terms: Set<string>, expansions: readonly string[]): number {
  if (word.stems.some((s) => holds(terms, s, expansions))) return word.idf;
  if (word.groups.some((g) => terms.has(g))) return word.idf * (word.known ? WEIGHTS.synonym : 1);
  return 0;
}

export function candidates(
  kb: KnowledgeBase,
  analysis: QueryAnalysis,
  asked: AskedIntent[],
): Candidate[] {
  const top = analysis.results[0]?.score ?? 0;
  const totalWeight = analysis.words.reduce((sum, w) => sum + w.idf ** 2, 0) || 1;
  const raw: Omit<Candidate, 'score'>[] = [];
  const base = new Map<string, number>();
  const numbers = questionNumbers(analysis.question);
  const price = asksPrice(asked);
  for (const passage of analysis.results.slice(0, 8)) {
    if (passage.score < top * MIN_PASSAGE_SHARE) break;
    const expansions = analysis.matchedTerms.get(passage.id) ?? [];
    const sectionTerms = kb.termsOf(`${passage.heading}\n${passage.text}`, analysis.language);
    const held = analysis.words.reduce(
      (sum, w) => sum + scoreWord(w, sectionTerms, expansions) * w.idf,
      0,
    );
    base.set(
      passage.id,
      WEIGHTS.passage * (passage.score / top) +
        WEIGHTS.coverage * (held / totalWeight) -
        sectionOrder(kb, passage) * SECTION_ORDER_PENALTY,
    );
    splitSentences(passage.text).forEach((sentence, order) => {
      const terms = kb.termsOf(sentence, analysis.language);
      const wordScore = analysis.words.reduce((sum, w) => sum + scoreWord(w, terms, expansions), 0);
      raw.push({ passage, sentence, order, wordScore, intent: intentWeight(sentence, asked) });
    });
  }
  const maxWords = Math.max(1e-9, ...raw.map((c) => c.wordScore));
  return raw
    .map((c) => ({
      ...c,
      score:
        (base.get(c.passage.id) ?? 0) +
        (WEIGHTS.words * c.wordScore) / maxWords +
        WEIGHTS.intent * c.intent +
        WEIGHTS.number * numberFit(c.sentence, numbers) -
        (price || !CHARGE.test(c.sentence) ? 0 : WEIGHTS.unaskedPrice) -
        // Sections lead with their figure: among equals, the earlier sentence.
        c.order * 0.05,
    }))
    .sort((a, b) => b.score - a.score);
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

// Matched on the folded question (no diacritics).
const STEPS = [
  /\b(sta|sto) (da|cu|mi je|sad|sada|treba|trebam|moram)\b/,
  /\bkako (da|se|mogu|treba)\b/,
  /\bkome (da|se)\b/,
  /\bwhat (should|do|can|must) (i|we) do\b/,
  /\bwhat (now|to do|happens)\b/,
  /\bhow (do|can|should) (i|we)\b/,
];

/** Whether a question asks what to do rather than for one figure. */
function asksForSteps(question: string): boolean {
  const folded = fold(question.toLowerCase());
  return STEPS.some((pattern) => pattern.test(folded));
}

/**
 * A short answer from the passages of a relevant analysis: the sentence that best matches the
 * question and gives the asked figure, plus a second sentence of the same section when it adds
 * nearly as much. Never a whole article.
 */
export function composeAnswer(
  kb: KnowledgeBase,
  analysis: QueryAnalysis,
  question: string,
  /** A follow-up read with the question before it: what it asks for leads, when it names it. */
  followUp?: string,
): ComposedAnswer | null {
  const ownIntents = followUp ? questionIntents(followUp) : [];
  const asked = ownIntents.length > 0 ? ownIntents : questionIntents(question);
  const ranked = candidates(kb, analysis, asked);
  const top = ranked[0];
  if (!top) return null;
  const fits = (c: Candidate, others: Candidate[]) =>
    !others.includes(c) &&
    others.reduce((n, o) => n + o.sentence.length, c.sentence.length) < MAX_ANSWER_LENGTH;
  const sameArticle = (c: Candidate) => c.passage.articleId === top.passage.articleId;
  let chosen = [top];
  // The asked figure lies in another section of the same article ("How much to fly a bicycle?"
  // finds the bicycle section, the fee is in the fees section): that sentence leads, the found
  // one follows.
  const withFigure =
    asked.length > 0 && top.intent === 0
      ? ranked.find((c) => c.intent > 0 && sameArticle(c))
      : undefined;
  if (withFigure) {
    chosen = fits(top, [withFigure]) ? [withFigure, top] : [withFigure];
  } else if (asksForSteps(question)) {
    // "What should I do?" wants the next step too: the best sentence of the next section.
    const next = ranked.find(
      (c) => sameArticle(c) && c.passage.id !== top.passage.id && fits(c, chosen),
    );
    if (next) chosen.push(next);
  } else {
    // Two sections answer equally well (a small and a large instrument): both, in article order.
    const tie = ranked.find(
      (c) =>
        sameArticle(c) &&
        c.passage.id !== top.passage.id &&
        c.intent >= top.intent &&
        (c.score >= top.score * TIE_SHARE ||
          (asked.length === 0 &&
            c.score >= top.score * EQUAL_WORDS_SHARE &&
            c.wordScore >= top.wordScore)) &&
        fits(c, chosen),
    );
    if (tie) {
      chosen.push(tie);
      chosen.sort((a, b) => sectionOrder(kb, a.passage) - sectionOrder(kb, b.passage));
    } else {
      const second = ranked.find(
        (c) =>
          c.passage.id === top.passage.id &&
          c.score >= top.score * SECOND_SENTENCE_SHARE &&
          fits(c, chosen),
      );
      if (second) chosen.push(second);
    }
    // The figure asked for leads.
    chosen.sort((a, b) => b.intent - a.intent);
  }
  const best = chosen[0] ?? top;
  const text = chosen.map((c) => c.sentence).join(' ');
  const { articleId, articleTitle, url } = best.passage;
  const source: Source = { id: articleId, title: articleTitle };
  if (url) source.url = url;
  return { text, sources: [source] };
}
