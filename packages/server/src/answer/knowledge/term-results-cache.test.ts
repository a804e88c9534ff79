import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { cacheTermResults } from './term-results-cache.js';

interface Doc {
  id: string;
  title: string;
  text: string;
}

const DOCS: Doc[] = [
  { id: 'a', title: 'Cabin baggage', text: 'One cabin bag of up to 8 kg, 55 x 40 x 23 cm.' },
  { id: 'b', title: 'Checked baggage', text: 'A checked bag weighs up to 23 kg.' },
  { id: 'c', title: 'Pets', text: 'Dogs and cats travel in the cabin in a carrier.' },
];

const OPTIONS = {
  combineWith: 'OR',
  prefix: (term: string) => term.length >= 4,
  fuzzy: (term: string) => (term.length >= 5 ? 1 : false),
  boost: { title: 2 },
  weights: { fuzzy: 0.4, prefix: 0.6 },
} as const;

function indexOf(docs: Doc[], cached: boolean): MiniSearch<Doc> {
  const search = new MiniSearch<Doc>({ fields: ['title', 'text'] });
  if (cached) cacheTermResults(search);
  search.addAll(docs);
  return search;
}

describe('cacheTermResults', () => {
  it('gives exactly the results of the plain index, asked once or many times', () => {
    const plain = indexOf(DOCS, false);
    const cached = indexOf(DOCS, true);
    for (const query of ['cabin bag kg', 'baggage cabin', 'bagage', 'cabin bag kg', 'dogs cabn']) {
      const expected = plain.search(query, OPTIONS);
      expect(cached.search(query, OPTIONS)).toEqual(expected);
      // Asked again: from the cache, unchanged by the first search's combining.
      expect(cached.search(query, OPTIONS)).toEqual(expected);
    }
  });

  it('follows the index and the options it depends on', () => {
    const cached = indexOf(DOCS, true);
    expect(cached.search('carrier', OPTIONS).map((r) => String(r.id))).toEqual(['c']);
    cached.add({ id: 'd', title: 'Carrier', text: 'A soft carrier fits under the seat.' });
    expect(cached.search('carrier', OPTIONS).map((r) => String(r.id))).toEqual(['d', 'c']);
    cached.discard('d');
    expect(cached.search('carrier', OPTIONS).map((r) => String(r.id))).toEqual(['c']);
    const boosted = { ...OPTIONS, boost: { text: 3 } };
    expect(cached.search('cabin', boosted)).toEqual(indexOf(DOCS, false).search('cabin', boosted));
  });
});
