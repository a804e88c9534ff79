import { eng, hrv } from 'stopword';
import type { Language } from '@supersteward/contract';
import { languagePack } from '../language/pack.js';
import { fold } from './text.js';

const BASE = { hrv, eng };

function foldedSet(words: Iterable<string>): Set<string> {
  const set = new Set<string>();
  for (const word of words) if (word) set.add(fold(word));
  return set;
}

const stop = new Map<Language, Set<string>>();

/**
 * The language's stop words: the `stopword` package's list named by its language pack, plus the
 * pack's own function words, question words and the verbs passengers wrap questions in. They carry
 * no topic, so they neither find passages nor count when deciding whether a question is covered.
 */
function stopWords(language: Language): Set<string> {
  let set = stop.get(language);
  if (!set) {
    const pack = languagePack(language);
    set = foldedSet([...BASE[pack.base_stop_words], ...pack.stop_words.split(/\s+/)]);
    stop.set(language, set);
  }
  return set;
}

/** Whether a token (as produced by `tokenize`) is a stop word of the language. */
export function isStopWord(token: string, language: Language): boolean {
  return stopWords(language).has(fold(token));
}
