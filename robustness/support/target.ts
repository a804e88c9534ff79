import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { openDatabase, type Database } from '../../packages/server/src/db/open-database.js';
import { startServer, type RunningServer } from '../../packages/server/src/main.js';
import { randomBytes } from 'node:crypto';
import { deleteKeys, TEST_REDIS_URL } from '../../packages/server/src/hub/test/redis-server.js';
import { createTestPostgresSchema } from '../../packages/server/src/store/test/databases.js';
import { snapshot, type Snapshot } from '../../packages/server/src/test/snapshot.js';

/** The HMAC key every suite's ALTCHA signs with (two instances of one deployment share it). */
export const ALTCHA_KEY = 'robustness-suite-altcha-key-0123456789abcdef';

/**
 * The production composition (main.ts startServer) on a free loopback port, plus a connection
 * of the suite's own to the same database, to compare every row before and after an attack.
 */
export interface Target {
  server: RunningServer;
  url: string;
  wsUrl: string;
  env: Record<string, string>;
  /** The suite's own connection to the server's database (SQLite file or PostgreSQL schema). */
  database: Database;
  snapshot(): Promise<Snapshot>;
  /** One more instance of the same deployment (same database, Redis and ALTCHA key). */
  another(): Promise<RunningServer>;
  close(): Promise<void>;
}

export interface TargetOptions {
  env?: Record<string, string>;
  /** PostgreSQL in a schema of its own instead of SQLite in a temp folder. */
  postgres?: boolean;
  /** The machine's Redis under a key prefix of its own (REDIS_URL). */
  redis?: boolean;
  logger?: Logger;
}

/**
 * Defaults of a production run except: loopback, a free port, a temp data folder, ALTCHA with
 * the cheapest work (the suites solve hundreds of challenges), answers sent without pauses.
 */
export async function startTarget(options: TargetOptions = {}): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ss-robust-'));
  const schema = options.postgres ? await createTestPostgresSchema() : undefined;
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ALTCHA_HMAC_KEY: ALTCHA_KEY,
    ALTCHA_COST: '1',
    // Every simulated visitor shares 127.0.0.1: the per-address challenge limit would cap the
    // whole load at one visitor's share (the limit has its own case in the attack suite).
    ALTCHA_CHALLENGES_PER_MINUTE: '1000000',
    ANSWER_PIECE_DELAY_MS: '0',
    LOG_LEVEL: 'silent',
    ...(schema ? { DATABASE_URL: schema.databaseUrl } : {}),
    ...(options.redis
      ? {
          REDIS_URL: TEST_REDIS_URL,
          REDIS_KEY_PREFIX: `ssrobust${randomBytes(4).toString('hex')}:`,
        }
      : {}),
    ...options.env,
  };
  const silent = pino({ level: 'silent' });
  const logger = options.logger ?? silent;
  const server = await startServer(env, { logger });
  const others: RunningServer[] = [];
  const database = await openDatabase({
    databaseUrl: env['DATABASE_URL'],
    dataDir,
    logger: silent,
    poolSize: 2,
  });
  return {
    server,
    url: server.url,
    wsUrl: server.url.replace('http', 'ws'),
    env,
    database,
    snapshot: () => snapshot(database),
    async another() {
      const other = await startServer(env, { logger });
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      await server.close();
      await database.close();
      await schema?.drop();
      if (env['REDIS_URL'] && env['REDIS_KEY_PREFIX'])
        await deleteKeys(env['REDIS_URL'], env['REDIS_KEY_PREFIX']);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
