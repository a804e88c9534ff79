import type { Language } from '@supersteward/contract';
import { languagePack } from '../language/pack.js';
import { toLatin } from '../ground/script.js';
import type { Article, Section } from './article.js';
import { escapeRegExp, fold, tokenize } from './text.js';

/** Its words folded, apart by single spaces: "Pets in the cabin" → "pets in the cabin". */
function plain(text: string): string {
  return tokenize(toLatin(text)).map(fold).join(' ');
}

/** The names a pointer lists: "A, B and C" → A, B, C (the language's "and" and "or" between). */
function targets(list: string, language: Language): string[] {
  const joins = languagePack(language).conjunctions ?? [];
  const alternatives = joins.map(escapeRegExp).join('|');
  const splitter = new RegExp(`\\s*,\\s*|\\s+(?:${alternatives || 'and'})\\s+`, 'iu');
  return list
    .split(splitter)
    .map((t) => plain(t))
    .filter((t) => t !== '');
}

/**
 * A section that only points to others ("Babies — See Infants.", "Animals — See Pets in the
 * cabin, Pets in the hold and Assistance dogs.", as an A–Z guide writes them) is answered from
 * the sections it names: their text is what it refers to (`referred`), quoted under its own
 * heading, so that a question in its words gets the rule and not the pointer. It is still searched
 * by its own words: the rule's words count once, where they are written. Sections are named by
 * their heading, in the same language, in any article.
 */
export function resolveSeeReferences(articles: Article[]): void {
  for (const language of new Set(articles.map((a) => a.language))) {
    const words = languagePack(language).see_words ?? [];
    if (words.length === 0) continue;
    const pointer = new RegExp(`^(?:${words.map(escapeRegExp).join('|')})\\s+(.+?)\\.?$`, 'iu');
    const own = articles.filter((a) => a.language === language);
    const byHeading = new Map<string, Section>();
    for (const section of own.flatMap((a) => a.sections))
      if (!byHeading.has(plain(section.heading))) byHeading.set(plain(section.heading), section);
    for (const section of own.flatMap((a) => a.sections)) {
      const text = section.text.trim();
      if (text.includes('\n')) continue;
      const found = pointer.exec(toLatin(text));
      if (!found?.[1]) continue;
      const named = targets(found[1], language)
        .map((t) => byHeading.get(t))
        .filter((s): s is Section => s !== undefined && s !== section);
      if (named.length === 0) continue;
      section.referred = named.map((s) => s.text).join('\n');
    }
  }
}
