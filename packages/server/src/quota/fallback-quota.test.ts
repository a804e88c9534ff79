import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PrivateRedis,
  randomKeyPrefix,
  recordingLogger,
  TEST_REDIS_URL,
} from '../hub/test/redis-server.js';
import { openTestSqlite, type TestDatabase } from '../store/test/databases.js';
import { createFallbackQuota } from './fallback-quota.js';
import { createRedisQuota } from './redis-quota.js';
import { createSqlQuota } from './sql-quota.js';

describe('fallback quota', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('counts in the store while Redis is down, and in Redis again once it is back', async () => {
    const server = await PrivateRedis.start();
    cleanups.push(() => server.kill());
    const database: TestDatabase = await openTestSqlite();
    cleanups.push(() => database.cleanup());
    const { logger, lines } = recordingLogger();
    const redisQuota = createRedisQuota({ url: server.url, logger });
    const quota = createFallbackQuota(redisQuota, createSqlQuota(database), logger);
    cleanups.push(() => quota.close());
    const key = randomUUID();

    expect(await quota.take(key, 2)).toMatchObject({ allowed: true, used: 1 });
    await server.kill();
    await vi.waitFor(() => expect(quota.ping()).rejects.toThrow(), { timeout: 5_000 });
    // Store counters, starting where Redis stopped: the limit still holds during the outage.
    expect(await quota.take(key, 2)).toMatchObject({ allowed: true, used: 2 });
    expect(await quota.take(key, 2)).toMatchObject({ allowed: false, used: 2 });
    expect(
      lines.filter((l) => l.msg === 'quota primary failed; counting in the store'),
    ).toHaveLength(1);

    await server.start();
    await vi.waitFor(() => expect(quota.ping()).resolves.toBeUndefined(), { timeout: 10_000 });
    // Redis is raised to what the store counted meanwhile.
    const other = randomUUID();
    expect(await quota.take(other, 2)).toMatchObject({ allowed: true, used: 1 });
    expect(await quota.take(key, 2)).toMatchObject({ allowed: false, used: 2 });
    expect(lines.some((l) => l.msg === 'quota counters back on the primary')).toBe(true);
  });

  it('gives a unit back on both counters', async () => {
    const database: TestDatabase = await openTestSqlite();
    cleanups.push(() => database.cleanup());
    const { logger } = recordingLogger();
    const quota = createFallbackQuota(
      createRedisQuota({ url: TEST_REDIS_URL, logger, keyPrefix: randomKeyPrefix() }),
      createSqlQuota(database),
      logger,
    );
    cleanups.push(() => quota.close());
    const key = randomUUID();
    expect(await quota.take(key, 1)).toMatchObject({ allowed: true, used: 1 });
    expect(await quota.take(key, 1)).toMatchObject({ allowed: false });
    await quota.give(key);
    expect(await quota.take(key, 1)).toMatchObject({ allowed: true, used: 1 });
  });
});
