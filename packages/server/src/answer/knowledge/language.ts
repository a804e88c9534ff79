import type { Language } from '@supersteward/contract';
import { allPacks } from '../language/pack.js';
import { isStopWord } from './stopwords.js';
import { tokenize } from './text.js';

/** Index terms known to each language's articles, as a language hint for content words. */
export type Vocabulary = Record<Language, { has(token: string): boolean }>;

let ownLetters: { pattern: RegExp; sign: number }[] | undefined;

/** Letters only one language writes (its pack's `own_letters`), as evidence for it. */
function letterEvidence(text: string): number {
  ownLetters ??= allPacks()
    .filter((pack) => pack.own_letters)
    .map((pack) => ({
      pattern: new RegExp(`[${pack.own_letters}]`, 'i'),
      sign: pack.language === 'mne' ? 1 : -1,
    }));
  return ownLetters.reduce(
    (sum, { pattern, sign }) => sum + (pattern.test(text) ? 2 * sign : 0),
    0,
  );
}

/**
 * Evidence for each language in a text: function words count fully, letters only one language
 * writes count twice, and content words found in only one language's articles count half.
 * Positive means Montenegrin.
 */
export function languageBalance(text: string, vocabulary?: Vocabulary): number {
  let balance = letterEvidence(text);
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
