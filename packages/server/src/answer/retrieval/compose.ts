import type { Source } from '@supersteward/contract';
import type { KnowledgeBase, QueryAnalysis, QueryWord } from '../knowledge/knowledge-index.js';
import type { ScoredPassage } from '../knowledge/types.js';
import { intentWeight, questionIntents, type AskedIntent } from './intents.js';
import { numberFit } from './numbers.js';
import { splitSentences } from './sentences.js';

export interface ComposedAnswer {
  text: string;
  sources: Source[];
}

/** Weights of the sentence score, in units of one word's IDF. */
const WEIGHTS = {
  /** A word found only in the sentence's section heading. */
  heading: 0.5,
  /** A word found only through its synonym group. */
  synonym: 0.6,
  /** A sentence giving the kind of figure asked for. */
  intent: 3,
  /** Per question number the sentence states or whose range it covers. */
  number: 1,
  /** The passage's search rank, scaled by its score relative to the best passage. */
  passage: 3,
};

/** Passages whose score is below this share of the best are not quoted. */
const MIN_PASSAGE_SHARE = 0.45;
/** A second sentence is added when it scores at least this share of the first. */
const SECOND_SENTENCE_SHARE = 0.75;
const MAX_ANSWER_LENGTH = 420;

interface Candidate {
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

function wordScore(
  word: QueryWord,
  terms: Set<string>,
  headingTerms: Set<string>,
  expansions: readonly string[],
): number {
  if (word.stems.some((s) => holds(terms, s, expansions))) return word.idf;
  if (word.groups.some((g) => terms.has(g))) return word.idf * WEIGHTS.synonym;
  if (word.stems.some((s) => holds(headingTerms, s, expansions))) return word.idf * WEIGHTS.heading;
  return 0;
}

function candidates(kb: KnowledgeBase, analysis: QueryAnalysis, asked: AskedIntent[]): Candidate[] {
  const top = analysis.results[0]?.score ?? 0;
  const out: Candidate[] = [];
  for (const passage of analysis.results.slice(0, 5)) {
    if (passage.score < top * MIN_PASSAGE_SHARE) break;
    const expansions = analysis.matchedTerms.get(passage.id) ?? [];
    const headingTerms = kb.termsOf(passage.heading, analysis.language);
    splitSentences(passage.text).forEach((sentence, order) => {
      const terms = kb.termsOf(sentence, analysis.language);
      const words = analysis.words.reduce(
        (sum, w) => sum + wordScore(w, terms, headingTerms, expansions),
        0,
      );
      const intent = intentWeight(sentence, asked);
      const score =
        words +
        WEIGHTS.intent * intent +
        WEIGHTS.number * numberFit(sentence, analysis.numbers) +
        WEIGHTS.passage * (passage.score / top) -
        // Sections lead with their figure: among equals, the earlier sentence.
        order * 0.05;
      out.push({ passage, sentence, order, score, wordScore: words, intent });
    });
  }
  return out.sort((a, b) => b.score - a.score);
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
): ComposedAnswer | null {
  const asked = questionIntents(question);
  const ranked = candidates(kb, analysis, asked);
  const best = ranked[0];
  if (!best) return null;
  const chosen = [best];
  const second = ranked.find(
    (c) =>
      c !== best &&
      c.passage.id === best.passage.id &&
      c.score >= best.score * SECOND_SENTENCE_SHARE &&
      c.sentence.length + best.sentence.length < MAX_ANSWER_LENGTH,
  );
  if (second) chosen.push(second);
  // The figure asked for leads; otherwise the section's own order reads best.
  chosen.sort((a, b) => b.intent - a.intent || a.order - b.order);
  const text = chosen.map((c) => c.sentence).join(' ');
  const { articleId, articleTitle, url } = best.passage;
  const source: Source = { id: articleId, title: articleTitle };
  if (url) source.url = url;
  return { text, sources: [source] };
}
