import type { Logger } from 'pino';
import { openDatabase, type Database } from '../db/open-database.js';
import type { Hub } from '../hub/hub.js';
import { createMemoryHub } from '../hub/memory-hub.js';
import { createRedisHub } from '../hub/redis-hub.js';
import { createFallbackQuota } from '../quota/fallback-quota.js';
import type { Quota } from '../quota/quota.js';
import { createRedisQuota } from '../quota/redis-quota.js';
import { createSqlQuota } from '../quota/sql-quota.js';
import { createSqlStore } from './sql-store.js';
import type { Store } from './store.js';

export interface AdapterSettings {
  /** `postgres://…`: PostgreSQL; unset: SQLite in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** `redis://…`: Redis hub and quota; unset: in-process hub, store-backed quota. */
  redisUrl?: string | undefined;
  /** Prefix of Redis keys and channels (deployments or test runs sharing a Redis). */
  redisKeyPrefix?: string | undefined;
  logger: Logger;
}

export interface Adapters {
  database: Database;
  store: Store;
  hub: Hub;
  quota: Quota;
  /** Closes hub, quota, then the store. */
  close(): Promise<void>;
}

/** The data layer as the settings choose it: embedded by default, shared when scaled out. */
export async function openAdapters(settings: AdapterSettings): Promise<Adapters> {
  const { logger, redisUrl } = settings;
  const database = await openDatabase({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
    logger,
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
