import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { AnswerEngine } from '../answer/engine.js';
import { buildApp } from '../app.js';
import { createNoCaptcha } from '../captcha/none.js';
import { openDatabase, type Database } from '../db/open-database.js';
import type { Captcha } from '../captcha/captcha.js';
import type { Hub } from '../hub/hub.js';
import { createMemoryHub } from '../hub/memory-hub.js';
import type { Quota } from '../quota/quota.js';
import { createSqlQuota } from '../quota/sql-quota.js';
import { loadSettings, type Settings } from '../settings/settings.js';
import type { StaffPolicy } from '../staff/access/policy.js';
import type { ArticleTitles } from '../staff/knowledge-titles.js';
import { withNotices } from '../staff/notices/with-notices.js';
import { createStaffServices } from '../staff/staff-services.js';
import { createSqlStore } from '../store/sql-store.js';
import type { Store } from '../store/store.js';
import { createScriptedEngine } from './scripted-engine.js';

export interface TestAppOptions {
  /** Environment of the settings (CAPTCHA_PROVIDER=none unless a captcha is given). */
  env?: Record<string, string>;
  engine?: AnswerEngine;
  /** Built from the settings' logger when absent: createNoCaptcha. */
  captcha?: (logger: pino.Logger) => Captcha;
  /** Reuse a data dir (restart tests); a fresh temp dir otherwise. */
  dataDir?: string;
  webDir?: string;
  now?: () => Date;
  /** Run on this database (e.g. a PostgreSQL test schema) instead of SQLite in the data dir. */
  database?: Database;
  /** Article titles the staff screens show (the engine's knowledge base). */
  titles?: ArticleTitles;
  /** Staff sign-in rules (session times, login limits) other than the defaults. */
  staffPolicy?: Partial<StaffPolicy>;
}

export interface TestApp {
  app: FastifyInstance;
  /** http://127.0.0.1:port */
  url: string;
  /** ws://127.0.0.1:port */
  wsUrl: string;
  settings: Settings;
  store: Store;
  hub: Hub;
  quota: Quota;
  database: Database;
  dataDir: string;
  /** Stops the app and closes the database; removes the data dir unless it was given. */
  close(): Promise<void>;
}

/** Starts the real app on a free port: SQLite in a temp dir, in-process hub, SQL quota. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'supersteward-app-')));
  const settings = loadSettings({
    CAPTCHA_PROVIDER: 'none',
    DATA_DIR: dataDir,
    ...options.env,
  });
  const database = options.database ?? (await openDatabase({ dataDir, logger }));
  const store = createSqlStore(database);
  const quota = createSqlQuota(database);
  const hub = createMemoryHub({ logger });
  const captcha = options.captcha?.(logger) ?? createNoCaptcha(logger);
  const staff = createStaffServices(database, {
    policy: options.staffPolicy,
    titles: options.titles,
  });
  const now = options.now ?? (() => new Date());
  const engine = withNotices(
    options.engine ?? createScriptedEngine(() => ({ pieces: ['Hello', ' there'] })),
    staff.notices,
    () => now().getTime(),
  );
  const app = await buildApp({
    settings,
    logger,
    store,
    hub,
    quota,
    captcha,
    engine,
    staff,
    webDir: options.webDir,
    now: options.now,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    url,
    wsUrl: url.replace('http', 'ws'),
    settings,
    store,
    hub,
    quota,
    database,
    dataDir,
    async close() {
      await app.shutdown(settings.shutdownTimeoutMs);
      await hub.close();
      if (!options.database) await database.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
