import type { Language } from '@supersteward/contract';
import type { KnowledgeBase, QueryWord } from '../knowledge/knowledge-index.js';
import { fold, normalizeText } from '../knowledge/text.js';
import { splitSentences } from './sentences.js';

/** Three capitalised names or more in a comma list: "London, Paris, Amsterdam". */
const NAME = String.raw`\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*)*`;
const NAME_LIST = new RegExp(String.raw`${NAME}(?:\s*,\s*(?:and\s+|i\s+)?${NAME}){2,}`, 'u');

/** A clause listing names: what it says before the list (plain), and the list's index terms. */
interface Listing {
  head: string;
  names: Set<string>;
}

/** A value worked out once per knowledge base and key (a language, an article). */
function cached<T>(
  cache: WeakMap<KnowledgeBase, Map<string, T>>,
  kb: KnowledgeBase,
  key: string,
  compute: () => T,
): T {
  let byKey = cache.get(kb);
  if (!byKey) {
    byKey = new Map();
    cache.set(kb, byKey);
  }
  let value = byKey.get(key);
  if (value === undefined) {
    value = compute();
    byKey.set(key, value);
  }
  return value;
}

const listingsOf = new WeakMap<KnowledgeBase, Map<string, Listing[]>>();
const idsOf = new WeakMap<KnowledgeBase, Map<string, string[]>>();
const listedOf = new WeakMap<KnowledgeBase, Map<string, Set<string>>>();

/**
 * Its words folded, apart by single spaces; single letters kept, unlike the index's tokens: they
 * tell "Zone A" from "Zone C".
 */
function plain(text: string): string {
  return (normalizeText(text).match(/[\p{L}\p{N}]+/gu) ?? []).map(fold).join(' ');
}

/**
 * The clauses of an article that list three names or more ("West & North Europe = London, Paris,
 * Copenhagen", "Zone 1 covers the Balkans (Serbia, Croatia, Albania)").
 */
function listings(kb: KnowledgeBase, language: Language, articleId: string): Listing[] {
  return cached(listingsOf, kb, `${language}\n${articleId}`, () => {
    const found: Listing[] = [];
    for (const passage of kb.indexes[language].passages.values()) {
      if (passage.articleId !== articleId) continue;
      for (const sentence of splitSentences(passage.text))
        for (const clause of sentence.split(/;\s+/u)) {
          const list = NAME_LIST.exec(clause);
          if (!list) continue;
          found.push({
            head: ` ${plain(clause.slice(0, list.index))} `,
            names: kb.termsOf(list[0], language),
          });
        }
    }
    return found;
  });
}

/**
 * Whether a label (a row's, a section's heading) names a list of places that holds one the
 * passenger names (true), lists places without it (false), or names no list (undefined): "to
 * Copenhagen" and the row "West & North Europe", where the article writes "West & North Europe =
 * London, Paris, …, Copenhagen". The article's own lists first; another article's when it lists
 * none of that name (the fares article's "North Sea: Bergen, …" of the escort fee's "Flights to
 * the North Sea" row, of the pets' fees under a "Balkans" tab).
 */
export function labelHoldsPlace(
  kb: KnowledgeBase,
  language: Language,
  articleId: string,
  words: readonly QueryWord[],
  label: string,
): boolean | undefined {
  const places = placesNamed(kb, language, words);
  const said = ` ${plain(label)} `;
  if (places.length === 0 || said.trim() === '') return undefined;
  // The clause says the label ("West & North Europe = London, …"), or the label says the clause's
  // name for the list ("Flights over 1,500 km: EUR 420" of "Over 1,500 km = London, …").
  const names = (head: string) =>
    head.includes(said) || (head.trim().split(' ').length >= 2 && said.includes(head));
  const verdictIn = (id: string): boolean | undefined => {
    let named = false;
    for (const listing of listings(kb, language, id)) {
      if (!names(listing.head)) continue;
      named = true;
      if (places.some((w) => w.stems.some((s) => listing.names.has(s)))) return true;
    }
    return named ? false : undefined;
  };
  const own = verdictIn(articleId);
  if (own !== undefined) return own;
  let named = false;
  for (const id of articleIds(kb, language)) {
    if (id === articleId) continue;
    const verdict = verdictIn(id);
    if (verdict) return true;
    if (verdict === false) named = true;
  }
  return named ? false : undefined;
}

/** The ids of the articles of a language. */
function articleIds(kb: KnowledgeBase, language: Language): string[] {
  return cached(idsOf, kb, language, () => [
    ...new Set([...kb.indexes[language].passages.values()].map((p) => p.articleId)),
  ]);
}

/** The index terms of every name the articles of a language list (the places of route zones). */
export function listedNames(kb: KnowledgeBase, language: Language): ReadonlySet<string> {
  return cached(listedOf, kb, language, () => {
    const names = new Set<string>();
    for (const articleId of articleIds(kb, language))
      for (const listing of listings(kb, language, articleId))
        for (const name of listing.names) if (!name.startsWith('_')) names.add(name);
    return names;
  });
}

/**
 * The question's words naming a place: a name, or a word the articles list with other names
 * ("Bergen", which they write only in the list of the North Sea routes).
 */
export function placesNamed(
  kb: KnowledgeBase,
  language: Language,
  words: readonly QueryWord[],
): QueryWord[] {
  const listed = listedNames(kb, language);
  return words.filter((w) => w.name || w.stems.some((s) => listed.has(s)));
}
