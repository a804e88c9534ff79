import type { Lexicon } from '../lexicon/lexicon.js';
import type { LanguageIndex, QueryWord } from '../knowledge/knowledge-index.js';
import type { ScoredPassage } from '../knowledge/types.js';
import { exceedsBound, measuredNumbers } from './numbers.js';

/**
 * The group a question is read with when it gives the measure of a thing beyond a limit the
 * leading article states ("kofer mi ima 26 kg, dal plaćam nešto?", "do 23 kg"): the lexicon's
 * `beyond_limit` (overweight), as a word of its own. Not when the question names a side of that
 * contrast itself (another bag) or another subject (a 30 kg dog).
 */
export function beyondLimit(
  index: LanguageIndex,
  lexicon: Lexicon,
  words: readonly QueryWord[],
  question: string,
  results: readonly ScoredPassage[],
): QueryWord | undefined {
  const leading = results[0]?.articleId;
  if (!leading) return undefined;
  const named = new Set(words.flatMap((w) => w.groups));
  for (const { thing, reads, measure } of lexicon.beyondLimit) {
    const [thingTerm, readsTerm] = [`_${thing}`, `_${reads}`];
    if (!named.has(thingTerm) || !index.documentFrequency.has(readsTerm)) continue;
    const sides = index.contrastSets.filter((set) => set.has(readsTerm));
    if ([...named].some((g) => g === readsTerm || sides.some((set) => set.has(g)))) continue;
    if ([...named].some((g) => g !== thingTerm && index.subjectTerms.has(g))) continue;
    // Read last: the cheap checks above pass over most questions.
    const numbers = measuredNumbers(question);
    const texts = results
      .filter((r) => r.articleId === leading)
      .map((r) => `${r.heading}\n${r.text}`);
    if (!numbers.some((n) => n.unit === measure && texts.some((text) => exceedsBound(text, n))))
      continue;
    return {
      token: readsTerm,
      stems: [],
      groups: [readsTerm],
      idf: index.idf(readsTerm),
      known: true,
      matched: false,
      name: false,
    };
  }
  return undefined;
}
