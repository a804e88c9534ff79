import type {
  CompiledQuery,
  PostgresPoolClient,
  QueryResult,
  PostgresQueryResult,
  SqliteDatabase,
  SqliteStatement,
} from 'kysely';
import type { QueryRunner } from './compiled-query.js';

/**
 * How many distinct SQL texts are kept prepared. The store's queries are a few dozen fixed
 * shapes; the bound only guards against a caller that builds SQL from data.
 */
export const MAX_PREPARED = 500;

/**
 * better-sqlite3 behind Kysely with each statement prepared once: Kysely's SQLite driver calls
 * `prepare` for every query it runs, which cost about a third of a small read. A statement is
 * safe to reuse here: it is run to completion (`all`/`run`) before the connection is released.
 */
export function withStatementCache(
  sqlite: SqliteDatabase & {
    prepare(sql: string): SqliteStatement;
    readonly inTransaction: boolean;
  },
): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  // SQLite ends a transaction itself on some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM):
  // Kysely's rollback after them would fail with "cannot rollback - no transaction is active"
  // and hide the error that caused it (a full disk answering 500 instead of 503).
  let rollback: SqliteStatement | undefined;
  const rollbackIfOpen: SqliteStatement = {
    reader: false,
    run: (parameters) => {
      if (!sqlite.inTransaction) return { changes: 0, lastInsertRowid: 0 };
      rollback ??= sqlite.prepare('rollback');
      return rollback.run(parameters);
    },
    all: () => [],
    iterate: () => [][Symbol.iterator](),
  };
  return {
    prepare(sql) {
      if (sql === 'rollback') return rollbackIfOpen;
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = sqlite.prepare(sql);
        if (statements.size >= MAX_PREPARED) statements.clear();
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => {
      statements.clear();
      rollback = undefined;
      sqlite.close();
    },
  };
}

/**
 * Compiled queries run at once on the SQLite connection: no connection queue, no promise chain
 * per statement. Only while no transaction is open on the connection: a statement run then is
 * its own transaction, and nothing else can run on the connection until it returns (a
 * synchronous call). While one is open (a Kysely transaction between two of its statements)
 * the query goes through Kysely, which waits for that transaction to end.
 */
export function directRunner(
  statements: SqliteDatabase,
  sqlite: { readonly inTransaction: boolean },
  kysely: QueryRunner,
): QueryRunner {
  return {
    executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> {
      if (sqlite.inTransaction) return kysely.executeQuery(query);
      try {
        const statement = statements.prepare(query.sql);
        if (statement.reader)
          return Promise.resolve({ rows: statement.all(query.parameters) as R[] });
        const { changes, lastInsertRowid } = statement.run(query.parameters);
        return Promise.resolve({
          numAffectedRows: BigInt(changes),
          insertId: BigInt(lastInsertRowid),
          rows: [],
        });
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}

type QueryConfig = { name?: string; text: string; values: unknown[] };
type PgClient = {
  query(config: QueryConfig): Promise<PostgresQueryResult<unknown>>;
  release(error?: Error): void;
};

type NamedClient = PostgresPoolClient & { release(error?: Error): void };

/**
 * A pg pool behind Kysely whose parameterised queries are named prepared statements: each
 * connection parses and plans a query text once (pg remembers the names per connection), then
 * only binds and executes it. Names are handed out per distinct text for the life of the pool.
 */
export function withNamedStatements(pool: { connect(): Promise<PgClient>; end(): Promise<void> }): {
  connect(): Promise<NamedClient>;
  end(): Promise<void>;
} {
  const names = new Map<string, string>();
  const wrapped = new WeakMap<PgClient, NamedClient>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) {
      name = `ss${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  const wrap = (client: PgClient): NamedClient => {
    let facade = wrapped.get(client);
    if (facade === undefined) {
      facade = {
        query: ((text: unknown, parameters: ReadonlyArray<unknown> = []) => {
          // A cursor (Kysely's stream) goes through as it is.
          if (typeof text !== 'string') return client.query(text as QueryConfig);
          const values = [...parameters];
          // Statements without parameters (begin, commit, select 1) gain nothing from a name.
          const name = values.length > 0 ? nameOf(text) : undefined;
          return client.query(name === undefined ? { text, values } : { name, text, values });
        }) as PostgresPoolClient['query'],
        release: (error?: Error) => client.release(error),
      };
      wrapped.set(client, facade);
    }
    return facade;
  };
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}
