import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deleteKeys,
  freePort,
  PrivateRedis,
  randomKeyPrefix,
  TEST_REDIS_URL,
} from '../hub/test/redis-server.js';
import { nextPodgoricaMidnight } from './podgorica-day.js';
import { createRedisQuota, QUOTA_EXPIRY_GRACE_MS } from './redis-quota.js';
import { describeQuotaSuite } from './test/quota-suite.js';

const silent = pino({ level: 'silent' });

describeQuotaSuite('redis (two instances)', () => {
  const keyPrefix = randomKeyPrefix();
  const quota = createRedisQuota({ url: TEST_REDIS_URL, logger: silent, keyPrefix });
  const other = createRedisQuota({ url: TEST_REDIS_URL, logger: silent, keyPrefix });
  return Promise.resolve({
    quota,
    other,
    async cleanup() {
      await Promise.all([quota.close(), other.close()]);
      await deleteKeys(TEST_REDIS_URL, keyPrefix);
    },
  });
});

describe('redis quota', () => {
  const opened: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const close of opened.splice(0).reverse()) await close();
  });

  it('lets a day’s counter expire after the Podgorica midnight', async () => {
    const keyPrefix = randomKeyPrefix();
    const quota = createRedisQuota({ url: TEST_REDIS_URL, logger: silent, keyPrefix });
    const redis = new Redis(TEST_REDIS_URL);
    opened.push(
      () => quota.close(),
      () => deleteKeys(TEST_REDIS_URL, keyPrefix),
      () => redis.quit(),
    );
    const now = new Date();
    await quota.take('user:x', 5, now);
    const keys = await redis.keys(`${keyPrefix}*`);
    expect(keys).toHaveLength(1);
    const ttl = await redis.pttl(keys[0] ?? '');
    const expected = nextPodgoricaMidnight(now).getTime() - now.getTime() + QUOTA_EXPIRY_GRACE_MS;
    expect(ttl).toBeGreaterThan(expected - 5_000);
    expect(ttl).toBeLessThanOrEqual(expected);
  });

  it('fails fast when nothing listens, and again answers once Redis is back', async () => {
    const dead = createRedisQuota({ url: `redis://127.0.0.1:${await freePort()}`, logger: silent });
    opened.push(() => dead.close());
    const started = Date.now();
    await expect(dead.take('k', 5)).rejects.toThrow();
    await expect(dead.ping()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_500);

    const server = await PrivateRedis.start();
    opened.push(() => server.kill());
    const quota = createRedisQuota({ url: server.url, logger: silent });
    opened.push(() => quota.close());
    const key = randomUUID();
    expect((await quota.take(key, 5)).used).toBe(1);
    await server.kill();
    await vi.waitFor(() => expect(quota.take(key, 5)).rejects.toThrow(), { timeout: 5_000 });
    await server.start();
    // An in-memory Redis restarted empty: counting starts over, and works.
    await vi.waitFor(async () => expect((await quota.take(key, 5)).allowed).toBe(true), {
      timeout: 10_000,
    });
  });
});
