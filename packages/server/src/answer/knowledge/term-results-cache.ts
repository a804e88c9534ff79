import type MiniSearch from 'minisearch';

/** One document's share of one query term, as MiniSearch keeps it while it searches. */
interface RawEntry {
  score: number;
  terms: string[];
  match: Record<string, string[]>;
}
type RawResult = Map<number, RawEntry>;

/** A query term as MiniSearch expands it: whether it looks for prefixes and typos, its boost. */
interface QuerySpec {
  term: string;
  fuzzy: boolean | number;
  prefix: boolean;
  termBoost: number;
}

/** The search options a term's results depend on besides the term itself. */
interface SpecOptions {
  fields?: unknown;
  boost?: unknown;
  weights?: unknown;
  bm25?: unknown;
  maxFuzzy?: unknown;
  boostDocument?: unknown;
}

type ExecuteQuerySpec = (query: QuerySpec, options: SpecOptions) => RawResult;
type CombineResults = (results: RawResult[], combineWith?: string) => RawResult;

/** Terms remembered per index; the question words of a knowledge base are a few thousand. */
export const MAX_CACHED_TERMS = 5_000;

/** A copy combining may write into without touching the original. */
function copyOf(result: RawResult): RawResult {
  const copy: RawResult = new Map();
  for (const [id, entry] of result) {
    copy.set(id, { score: entry.score, terms: entry.terms.slice(), match: { ...entry.match } });
  }
  return copy;
}

/**
 * MiniSearch's OR of a query's term results, into a new map: the same sums in the same order as
 * its own combining, which writes into the results it is given (so remembered results would need
 * a copy per term and search; this needs one entry per document found).
 */
function combineOr(results: RawResult[]): RawResult {
  const combined: RawResult = new Map();
  for (const result of results) {
    for (const [id, entry] of result) {
      const existing = combined.get(id);
      if (!existing) {
        combined.set(id, {
          score: entry.score,
          terms: entry.terms.slice(),
          match: { ...entry.match },
        });
        continue;
      }
      existing.score = existing.score + entry.score;
      Object.assign(existing.match, entry.match);
      for (const term of entry.terms) if (!existing.terms.includes(term)) existing.terms.push(term);
    }
  }
  return combined;
}

/**
 * Remembers what each query term finds in a MiniSearch index: its exact, prefix and typo
 * matches (a walk of the whole term tree with a Levenshtein automaton for a typo allowance) and
 * their BM25 scores. Passengers' questions share most of their words ("prtljag", "kg",
 * "cabin"), so a question of words asked before costs a copy of their results instead of the
 * walks. The results are the same, bit for bit: the same numbers combined in the same order.
 * Forgotten whenever the index changes (add, remove, discard) or the options a term's results
 * depend on do; a search with a document boost (a function of the caller's) is not cached.
 */
export function cacheTermResults<T>(search: MiniSearch<T>): MiniSearch<T> {
  const target = search as unknown as Record<string, unknown> & {
    executeQuerySpec: ExecuteQuerySpec;
    combineResults: CombineResults;
  };
  const compute = target.executeQuerySpec.bind(search);
  const cache = new Map<string, RawResult>();
  let cachedFor: unknown[] = [];

  target.executeQuerySpec = (query, options) => {
    if (options.boostDocument != null) return compute(query, options);
    const depends = [
      options.fields,
      options.boost,
      options.weights,
      options.bm25,
      options.maxFuzzy,
    ];
    if (depends.some((value, i) => value !== cachedFor[i])) {
      cache.clear();
      cachedFor = depends;
    }
    const key = `${query.term}\u0000${String(query.prefix)}\u0000${String(query.fuzzy)}\u0000${query.termBoost}`;
    const known = cache.get(key);
    if (known) return known;
    const result = compute(query, options);
    if (cache.size >= MAX_CACHED_TERMS) cache.clear();
    cache.set(key, result);
    return result;
  };
  // Remembered results are never written into: OR (the engine's) combines into a new map, any
  // other operator combines copies.
  const combine = target.combineResults.bind(search);
  target.combineResults = (results: RawResult[], combineWith = 'or') =>
    combineWith.toLowerCase() === 'or'
      ? combineOr(results)
      : combine(results.map(copyOf), combineWith);
  for (const method of ['add', 'remove', 'discard', 'removeAll']) {
    const original = target[method] as (...args: unknown[]) => unknown;
    target[method] = (...args: unknown[]) => {
      cache.clear();
      return original.apply(search, args);
    };
  }
  return search;
}
