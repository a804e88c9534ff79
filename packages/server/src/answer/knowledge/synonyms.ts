import type { Language } from '@supersteward/contract';
import { languagePack } from '../language/pack.js';
import type { Lexicon } from '../lexicon/lexicon.js';
import { stemVariants, tokenize } from './text.js';

export type SynonymTable = ReadonlyMap<string, readonly string[]>;

/**
 * Index term → group terms, for one language: each lexicon group (travel and airline) becomes one
 * extra index term, `_<name>`, added wherever any of its words occurs, in the articles and in the
 * question alike.
 */
export function buildSynonymTable(language: Language, lexicon: Lexicon): SynonymTable {
  const table = new Map<string, string[]>();
  for (const [name, words] of lexicon.groups[language]) {
    const groupTerm = `_${name}`;
    for (const token of tokenize(words.join(' '))) {
      for (const term of stemVariants(token, language)) {
        const groups = table.get(term) ?? [];
        if (!groups.includes(groupTerm)) groups.push(groupTerm);
        table.set(term, groups);
      }
    }
  }
  return table;
}

/**
 * Groups of the word a diminutive is made from, by the diminutive endings of the language's pack,
 * with the listed stem that found them, so the base word is searched as well.
 */
export function diminutiveGroups(
  table: SynonymTable,
  stem: string,
  language: Language,
): { stem: string; groups: readonly string[] } | undefined {
  const diminutives = languagePack(language).diminutives;
  if (!diminutives) return undefined;
  for (const ending of diminutives.endings) {
    if (!stem.endsWith(ending)) continue;
    const base = stem.slice(0, -ending.length);
    if (base.length < 2) continue;
    for (const vowel of diminutives.base_vowels) {
      for (const term of vowel ? stemVariants(base + vowel, language) : [base]) {
        const groups = table.get(term);
        if (groups) return { stem: term, groups };
      }
    }
  }
  return undefined;
}

/** Whether an index term stands for a synonym group rather than a word. */
export function isGroupTerm(term: string): boolean {
  return term.startsWith('_');
}
