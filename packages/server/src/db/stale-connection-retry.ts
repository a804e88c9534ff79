import type { PostgresPool, PostgresPoolClient } from 'kysely';

/**
 * Errors that mean the connection was already dead when the query was sent: the server ended
 * the backend (pg_terminate_backend, a restart) while the client sat idle in the pool, and the
 * pool had not yet read the goodbye. The statement never ran, so running it again is safe.
 */
const ENDED_BY_SERVER = new Set(['57P01', '57P02', '57P03']);

function endedBeforeRunning(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    (typeof code === 'string' && ENDED_BY_SERVER.has(code)) ||
    /Connection terminated unexpectedly|Client has encountered a connection error/.test(
      error.message,
    )
  );
}

/** More than any pool this server opens holds, so a pool full of dead connections is drained. */
const MAX_STALE_RETRIES = 32;

type Releasable = PostgresPoolClient & { release(error?: Error): void };

/**
 * A pool whose checkouts survive a stale idle connection: when the first statement of a
 * checkout fails because the server had already ended that connection, the dead client is
 * dropped and the statement runs once more on a fresh one. Only the first statement: after it,
 * the checkout may be inside a transaction, whose earlier work died with the connection.
 */
export function withStaleConnectionRetry(pool: {
  connect(): Promise<Releasable>;
  end(): Promise<void>;
}): PostgresPool {
  return {
    async connect() {
      let client = await pool.connect();
      let first = true;
      let released = false;
      const run = (text: unknown, parameters?: ReadonlyArray<unknown>): unknown =>
        typeof text === 'string'
          ? client.query(text, parameters ?? [])
          : client.query(text as Parameters<PostgresPoolClient['query']>[0] & object);
      const query = ((text: unknown, parameters?: ReadonlyArray<unknown>) => {
        // A cursor (Kysely's stream) is returned as it is, not retried.
        if (!first || typeof text !== 'string') {
          first = false;
          return run(text, parameters);
        }
        first = false;
        const attempt = (left: number): Promise<unknown> =>
          (run(text, parameters) as Promise<unknown>).catch(async (error: unknown) => {
            if (left === 0 || !endedBeforeRunning(error)) throw error;
            client.release(error as Error);
            // Until a fresh one is checked out there is nothing to release: when the database is
            // unreachable, the caller's release must not release the dead one a second time (the
            // pool would throw, hiding why the statement failed).
            released = true;
            client = await pool.connect();
            released = false;
            return attempt(left - 1);
          });
        // Every idle connection of the pool died together, and the pool may hand out another
        // dead one before it has read that one's goodbye: try as many as a pool holds.
        return attempt(MAX_STALE_RETRIES);
      }) as PostgresPoolClient['query'];
      return {
        query,
        release: () => {
          if (!released) client.release();
        },
      };
    },
    end: () => pool.end(),
  };
}
