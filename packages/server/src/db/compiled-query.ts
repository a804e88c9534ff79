import type { Compilable, CompiledQuery, QueryResult } from 'kysely';

/** Stands for a parameter while a query is built and compiled once. */
class Slot {
  constructor(readonly name: string) {}
}

/** Anything that runs a compiled query: the Kysely instance or a transaction of it. */
export interface QueryRunner {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/**
 * A Kysely query built and compiled once, then run with fresh parameter values: no query
 * builder, no compiler and (with the prepared-statement drivers of db/prepared-statements.ts)
 * no statement preparation per call. `build` receives stand-ins for the named parameters and
 * must use each only as a value (where, values, set), never to choose the query's shape.
 */
export function compileOnce<P extends Record<string, unknown>, R>(
  build: (params: P) => Compilable<R>,
): (runner: QueryRunner, params: P) => Promise<QueryResult<R>> {
  const standIns = new Proxy({} as P, { get: (_target, key) => new Slot(String(key)) });
  const compiled = build(standIns).compile();
  const slots = compiled.parameters.map((value) => (value instanceof Slot ? value.name : null));
  return (runner, params) =>
    runner.executeQuery<R>({
      ...compiled,
      parameters: slots.map((name, index) =>
        name === null ? compiled.parameters[index] : params[name],
      ),
    });
}
