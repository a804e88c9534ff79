/**
 * The one place the production parts are chosen and built from the settings: database, store,
 * hub, quota, captcha, answer engine and background jobs. main.ts starts the app on them; tests
 * build the same app (buildApp) from parts of their own.
 */
import { pino, type Logger } from 'pino';
import type { AnswerEngine } from './answer/engine.js';
import { createLlmEngine } from './answer/llm/llm-engine.js';
import { createFallbackReplayGuard } from './captcha/fallback-replay.js';
import { createCaptcha } from './captcha/providers.js';
import {
  createMemoryReplayGuard,
  createRedisReplayGuard,
  type ReplayGuard,
} from './captcha/replay.js';
import { openDatabase, type Database } from './db/open-database.js';
import type { AppDeps } from './deps.js';
import type { Hub } from './hub/hub.js';
import { createMemoryHub } from './hub/memory-hub.js';
import { createRedisConnection } from './hub/redis-connection.js';
import { createRedisHub } from './hub/redis-hub.js';
import { startAbandonedAnswerSweep } from './jobs/abandoned-answers.js';
import { createFallbackQuota } from './quota/fallback-quota.js';
import type { Quota } from './quota/quota.js';
import { createRedisQuota } from './quota/redis-quota.js';
import { createSqlQuota } from './quota/sql-quota.js';
import type { Settings } from './settings/settings.js';
import { openLiveKnowledge, type LiveKnowledge } from './staff/knowledge/live-knowledge.js';
import { createKnowledgeEditor } from './staff/knowledge/editor.js';
import { readEvalQuestions } from './staff/knowledge/regression.js';
import { withNotices } from './staff/notices/with-notices.js';
import { evalFiles, staffPolicy } from './staff/settings.js';
import { createStaffServices } from './staff/staff-services.js';
import { createSqlStore } from './store/sql-store.js';
import type { Store } from './store/store.js';

export function createLogger(settings: Pick<Settings, 'logLevel'>): Logger {
  return pino({
    level: settings.logLevel,
    // Headers are not logged at all (see http/request-log.ts); should anything log a request,
    // the visitor id and captcha token stay out.
    redact: {
      paths: [
        'req.headers.uuid',
        'req.headers["x-captcha-token"]',
        'req.headers.cookie',
        'req.headers.authorization',
      ],
      censor: '[redacted]',
    },
  });
}

export type DataLayerSettings = Pick<Settings, 'dataDir'> &
  Partial<Pick<Settings, 'databaseUrl' | 'redisUrl' | 'redisKeyPrefix'>>;

export interface DataLayer {
  database: Database;
  store: Store;
  hub: Hub;
  quota: Quota;
  /** Closes hub, quota, then the store. */
  close(): Promise<void>;
}

/** The data layer as the settings choose it: embedded by default, shared when scaled out. */
export async function openDataLayer(
  settings: DataLayerSettings,
  logger: Logger,
): Promise<DataLayer> {
  const { redisUrl } = settings;
  const database = await openDatabase({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
    logger,
    backgroundCheckpoints: true,
  });
  const store = createSqlStore(database);
  const sqlQuota = createSqlQuota(database);
  const redis = redisUrl
    ? {
        url: redisUrl,
        logger,
        ...(settings.redisKeyPrefix && { keyPrefix: settings.redisKeyPrefix }),
      }
    : undefined;
  const hub = redis ? createRedisHub(redis) : createMemoryHub({ logger });
  const quota = redis ? createFallbackQuota(createRedisQuota(redis), sqlQuota, logger) : sqlQuota;
  return {
    database,
    store,
    hub,
    quota,
    async close() {
      await Promise.allSettled([hub.close(), quota.close()]);
      await store.close();
    },
  };
}

/**
 * Retrieval over the knowledge base (kept in the database, seeded from KNOWLEDGE_DIR); with LLM_*
 * set, a model answers from it and retrieval is the fallback.
 */
async function createEngine(
  settings: Settings,
  database: Database,
  logger: Logger,
): Promise<{ engine: AnswerEngine; knowledge: LiveKnowledge }> {
  const knowledge = await openLiveKnowledge({
    database,
    dir: settings.knowledgeDir,
    supportEmail: settings.supportEmail,
    airlineName: settings.airlineName,
    pieceDelayMs: settings.answerPieceDelayMs,
    pollMs: settings.knowledgePollMs,
    logger,
  });
  if (!settings.llm) return { engine: knowledge.engine, knowledge };
  const { timeoutMs, ...llm } = settings.llm;
  const engine = createLlmEngine({
    ...llm,
    totalTimeoutMs: timeoutMs,
    grounder: knowledge.grounder,
    fallback: knowledge.engine,
    airlineName: settings.airlineName,
    supportEmail: settings.supportEmail,
    logger,
  });
  return { engine, knowledge };
}

export interface Composition {
  /** What buildApp needs besides the web directory. */
  deps: Omit<AppDeps, 'webDir' | 'now'>;
  database: Database;
  /** Stops the jobs and closes every part, the last built first. */
  close(): Promise<void>;
}

/** Builds every production part from the settings. On failure, what was built is closed again. */
export async function compose(settings: Settings, logger: Logger): Promise<Composition> {
  const closers: Array<() => Promise<void>> = [];
  const close = async (): Promise<void> => {
    for (const closer of closers.splice(0).reverse()) {
      await closer().catch((error: unknown) =>
        logger.error({ err: error }, 'closing a part failed'),
      );
    }
  };
  try {
    const data = await openDataLayer(settings, logger);
    closers.push(() => data.close());

    const stopSweep = await startAbandonedAnswerSweep({
      store: data.store,
      shared: Boolean(settings.databaseUrl),
      answerTimeoutMs: settings.answerTimeoutMs,
      logger,
    });
    closers.push(() => Promise.resolve(stopSweep()));

    let replay: ReplayGuard = createMemoryReplayGuard();
    if (settings.redisUrl) {
      // Fails fast while Redis is down, so the fallback answers at once from local memory.
      const connection = createRedisConnection({
        url: settings.redisUrl,
        logger,
        name: 'captcha',
      });
      closers.push(() => connection.close());
      const shared = createRedisReplayGuard({
        redis: connection.redis,
        keyPrefix: `${settings.redisKeyPrefix}captcha:used:`,
      });
      replay = createFallbackReplayGuard(shared, replay, logger);
    }
    closers.push(() => replay.close());
    const captcha = createCaptcha(settings.captcha, { logger, replay });
    const { engine, knowledge } = await createEngine(settings, data.database, logger);
    closers.push(() => knowledge.close());

    const { database, store, hub, quota } = data;
    const staff = createStaffServices(database, {
      policy: staffPolicy(settings),
      knowledge: createKnowledgeEditor({
        live: knowledge,
        database,
        supportEmail: settings.supportEmail,
        evalQuestions: await readEvalQuestions(evalFiles(settings)),
      }),
    });
    return {
      deps: {
        settings,
        logger,
        store,
        hub,
        quota,
        captcha,
        engine: withNotices(engine, staff.notices, () => Date.now()),
        staff,
      },
      database,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
