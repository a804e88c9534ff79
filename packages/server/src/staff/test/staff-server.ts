import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StaffRole } from '@supersteward/contract';
import { pino } from 'pino';
import { BUNDLED_KNOWLEDGE_DIR } from '../../answer/settings.js';
import { openDatabase } from '../../db/open-database.js';
import { startServer, type RunningServer } from '../../main.js';
import { createTestPostgresSchema } from '../../store/test/databases.js';
import { makeAccount } from './accounts.js';

const silent = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
export const DEV_EVAL_FILE = join(BUNDLED_KNOWLEDGE_DIR, '..', 'eval', 'dev.jsonl');

/**
 * The production composition (startServer) on SQLite in a temp dir or on a PostgreSQL schema of
 * its own, with a copy of the sample knowledge base as KNOWLEDGE_DIR, so a test may change it.
 */
export interface StaffWorld {
  env: Record<string, string>;
  knowledgeDir: string;
  start(): Promise<RunningServer>;
  /** Creates accounts (password TEST_PASSWORD) on the world's database. */
  accounts(list: [email: string, role: StaffRole][]): Promise<void>;
  cleanup(): Promise<void>;
}

export async function staffWorld(
  kind: 'sqlite' | 'postgres',
  extraEnv: Record<string, string> = {},
): Promise<StaffWorld> {
  const root = await mkdtemp(join(tmpdir(), 'supersteward-staff-'));
  const knowledgeDir = join(root, 'knowledge');
  await cp(BUNDLED_KNOWLEDGE_DIR, knowledgeDir, { recursive: true });
  const schema = kind === 'postgres' ? await createTestPostgresSchema() : undefined;
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(root, 'data'),
    CAPTCHA_PROVIDER: 'none',
    KNOWLEDGE_DIR: knowledgeDir,
    KNOWLEDGE_EVAL_FILES: DEV_EVAL_FILE,
    KNOWLEDGE_POLL_MS: '200',
    ANSWER_PIECE_DELAY_MS: '0',
    ...(schema && { DATABASE_URL: schema.databaseUrl }),
    ...extraEnv,
  };
  const servers: RunningServer[] = [];
  return {
    env,
    knowledgeDir,
    async start() {
      const server = await startServer(env, { logger: silent });
      servers.push(server);
      return server;
    },
    async accounts(list) {
      const database = await openDatabase({
        databaseUrl: env.DATABASE_URL,
        dataDir: env.DATA_DIR ?? root,
        logger: silent,
      });
      try {
        for (const [email, role] of list) await makeAccount(database, email, role);
      } finally {
        await database.close();
      }
    },
    async cleanup() {
      await Promise.all(servers.map((s) => s.close()));
      await schema?.drop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
