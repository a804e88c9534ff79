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

/** Terms remembered per index; the question words of a knowledge base are a few thousand. */
export const MAX_CACHED_TERMS = 5_000;

/**
 * What combining a query's terms may change: each entry's score, its list of query terms and the
 * keys of its match (MiniSearch adds keys and replaces lists, never changes a field list).
 */
function copyOf(result: RawResult): RawResult {
  const copy: RawResult = new Map();
  for (const [id, entry] of result) {
    copy.set(id, { score: entry.score, terms: entry.terms.slice(), match: { ...entry.match } });
  }
  return copy;
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
    // A copy each time: combining a query's terms writes into the results it is given.
    if (known) return copyOf(known);
    const result = compute(query, options);
    if (cache.size >= MAX_CACHED_TERMS) cache.clear();
    cache.set(key, copyOf(result));
    return result;
  };
  for (const method of ['add', 'remove', 'discard', 'removeAll']) {
    const original = target[method] as (...args: unknown[]) => unknown;
    target[method] = (...args: unknown[]) => {
      cache.clear();
      return original.apply(search, args);
    };
  }
  return search;
}
