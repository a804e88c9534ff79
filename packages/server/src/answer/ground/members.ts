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

/** Each article's clauses that list names, cached per knowledge base. */
const listingsOf = new WeakMap<KnowledgeBase, Map<string, Listing[]>>();

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
  let byArticle = listingsOf.get(kb);
  if (!byArticle) {
    byArticle = new Map();
    listingsOf.set(kb, byArticle);
  }
  const key = `${language}\n${articleId}`;
  let found = byArticle.get(key);
  if (!found) {
    found = [];
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
    byArticle.set(key, found);
  }
  return found;
}

/**
 * Whether a place the passenger names belongs to what a row's label names by a list of the
 * article's ("to Copenhagen" and the row "West & North Europe", where the article writes "West &
 * North Europe = London, Paris, …, Copenhagen"): a clause says the label, then lists the place.
 */
export function namesMemberOf(
  kb: KnowledgeBase,
  language: Language,
  articleId: string,
  words: readonly QueryWord[],
  label: string,
): boolean {
  const places = placesNamed(kb, language, words);
  const said = ` ${plain(label)} `;
  if (places.length === 0 || said.trim() === '') return false;
  // The clause says the label ("West & North Europe = London, …"), or the label says the clause's
  // name for the list ("Flights over 1,500 km: EUR 420" of "Over 1,500 km = London, …").
  const names = (head: string) =>
    head.includes(said) || (head.trim().split(' ').length >= 2 && said.includes(head));
  const holds = (found: Listing[]) =>
    found.some(
      (listing) =>
        names(listing.head) && places.some((w) => w.stems.some((s) => listing.names.has(s))),
    );
  const own = listings(kb, language, articleId);
  if (holds(own)) return true;
  // The article's own lists first; another article's when it lists none of that name (the fares
  // article's "North Sea: Bergen, …" of the escort fee's "Flights to the North Sea" row).
  if (own.some((listing) => names(listing.head))) return false;
  return articleIds(kb, language).some(
    (id) => id !== articleId && holds(listings(kb, language, id)),
  );
}

const idsOf = new WeakMap<KnowledgeBase, Map<Language, string[]>>();

/** The ids of the articles of a language, read once per knowledge base. */
function articleIds(kb: KnowledgeBase, language: Language): string[] {
  let byLanguage = idsOf.get(kb);
  if (!byLanguage) {
    byLanguage = new Map();
    idsOf.set(kb, byLanguage);
  }
  let ids = byLanguage.get(language);
  if (!ids) {
    ids = [...new Set([...kb.indexes[language].passages.values()].map((p) => p.articleId))];
    byLanguage.set(language, ids);
  }
  return ids;
}

const listedOf = new WeakMap<KnowledgeBase, Map<Language, Set<string>>>();

/** The index terms of every name the articles of a language list (the places of route zones). */
export function listedNames(kb: KnowledgeBase, language: Language): ReadonlySet<string> {
  let byLanguage = listedOf.get(kb);
  if (!byLanguage) {
    byLanguage = new Map();
    listedOf.set(kb, byLanguage);
  }
  let names = byLanguage.get(language);
  if (!names) {
    names = new Set();
    for (const articleId of articleIds(kb, language))
      for (const listing of listings(kb, language, articleId))
        for (const name of listing.names) if (!name.startsWith('_')) names.add(name);
    byLanguage.set(language, names);
  }
  return names;
}

/**
 * Whether a label ("Balkans", a section's heading) names a list of places that holds one the
 * passenger names (true), lists places without it (false), or names no list (undefined): the
 * lists may stand in any article ("Balkans: Banja Luka, Niš, Tirana" in the fares article, the
 * pets' fees under a "Balkans" tab).
 */
export function labelHoldsPlace(
  kb: KnowledgeBase,
  language: Language,
  words: readonly QueryWord[],
  label: string,
): boolean | undefined {
  const places = placesNamed(kb, language, words);
  const said = ` ${plain(label)} `;
  if (places.length === 0 || said.trim() === '') return undefined;
  let named = false;
  for (const articleId of articleIds(kb, language))
    for (const listing of listings(kb, language, articleId)) {
      if (!listing.head.includes(said)) continue;
      named = true;
      if (places.some((w) => w.stems.some((s) => listing.names.has(s)))) return true;
    }
  return named ? false : undefined;
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
