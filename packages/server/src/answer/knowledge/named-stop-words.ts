import { opensSentence } from './text.js';

/**
 * Stop words an airline uses as names: a fare called "Max" or "Go" ("on a Max ticket", a table's
 * "Max" column). Written capitalised inside sentences, never in lower case, and as a table's
 * column or row (read "Max: 12 kg"), such a word names the airline's product, and a question
 * naming it asks about that product. ("My booking" is written capitalised too, but heads no
 * column.)
 */
export function namedStopWords(
  texts: readonly string[],
  isStopWord: (word: string) => boolean,
): Set<string> {
  const capitalised = new Set<string>();
  const lower = new Set<string>();
  const labels = new Set<string>();
  for (const text of texts)
    for (const m of text.matchAll(/\p{L}+/gu)) {
      const word = m[0];
      const lowered = word.toLowerCase();
      if (!isStopWord(lowered)) continue;
      if (text[(m.index ?? 0) + word.length] === ':') labels.add(lowered);
      // Capitalised after a sentence start, a list's bullet or a table's bar by grammar.
      if (opensSentence(text, m.index, '.!?:;-*|')) continue;
      if (/^\p{Lu}\p{Ll}+$/u.test(word)) capitalised.add(lowered);
      else lower.add(lowered);
    }
  return new Set([...capitalised].filter((w) => !lower.has(w) && labels.has(w)));
}
