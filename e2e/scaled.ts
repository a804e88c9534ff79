import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startServer, type RunningServer } from './server.js';

/** The machine's PostgreSQL and Redis (as the server's own tests use them). */
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  await redis.connect();
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 })) {
      const batch = keys as string[];
      if (batch.length > 0) await redis.del(...batch);
    }
  } finally {
    redis.disconnect();
  }
}

export interface TwoInstances {
  a: RunningServer;
  b: RunningServer;
  stop(): Promise<void>;
}

/**
 * Two built servers sharing a PostgreSQL schema and a Redis key prefix of their own (removed at
 * stop), as an airline would run them behind a load balancer; each has its own data dir and port.
 */
export async function startTwoInstances(env: Record<string, string> = {}): Promise<TwoInstances> {
  const schema = `ss_e2e_${randomBytes(6).toString('hex')}`;
  const prefix = `sse2e:${randomBytes(6).toString('hex')}:`;
  await adminQuery(`create schema ${schema}`);
  const databaseUrl = new URL(POSTGRES_URL);
  databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
  const shared = {
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    // One key for both, so a passenger's proof of work made on one instance holds on the other.
    ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
    ...env,
  };
  const started: RunningServer[] = [];
  const stop = async () => {
    await Promise.all(started.map((server) => server.stop()));
    await adminQuery(`drop schema if exists ${schema} cascade`);
    await deleteKeys(prefix);
  };
  try {
    // One after the other: the first seeds the knowledge base, the second finds it.
    started.push(await startServer(shared));
    started.push(await startServer(shared));
  } catch (error) {
    await stop();
    throw error;
  }
  const [a, b] = started as [RunningServer, RunningServer];
  return { a, b, stop };
}
