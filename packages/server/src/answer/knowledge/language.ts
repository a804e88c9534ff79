import type { Language } from '@supersteward/contract';
import { isStopWord } from './stopwords.js';
import { tokenize } from './text.js';

/** Index terms known to each language's articles, as a language hint for content words. */
export type Vocabulary = Record<Language, { has(token: string): boolean }>;

/**
 * Evidence for each language in a text: function words count fully, letters only Montenegrin
 * writes (č ć š ž đ) count twice, and content words found in only one language's articles count
 * half. Positive means Montenegrin.
 */
export function languageBalance(text: string, vocabulary?: Vocabulary): number {
  let balance = /[čćšžđ]/i.test(text) ? 2 : 0;
  for (const token of tokenize(text)) {
    if (/^\p{N}+$/u.test(token)) continue;
    const mne = isStopWord(token, 'mne');
    const en = isStopWord(token, 'en');
    if (mne !== en) {
      balance += mne ? 1 : -1;
    } else if (!mne && vocabulary) {
      const inMne = vocabulary.mne.has(token);
      const inEn = vocabulary.en.has(token);
      if (inMne !== inEn) balance += inMne ? 0.5 : -0.5;
    }
  }
  return balance;
}

/** The language of a text; `fallback` (the visitor's interface language) when the evidence is even. */
export function detectLanguage(
  text: string,
  fallback: Language,
  vocabulary?: Vocabulary,
): Language {
  const balance = languageBalance(text, vocabulary);
  if (balance > 0) return 'mne';
  if (balance < 0) return 'en';
  return fallback;
}
