import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { deleteKeys, randomKeyPrefix, TEST_REDIS_URL } from '../hub/test/redis-server.js';
import { createMemoryReplayGuard, createRedisReplayGuard, type ReplayGuard } from './replay.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('memory replay guard', () => {
  it('grants a key once until it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const guard = createMemoryReplayGuard();
    expect(await guard.claim('a', 1_000)).toBe(true);
    expect(await guard.claim('a', 1_000)).toBe(false);
    expect(await guard.claim('b', 1_000)).toBe(true);
    vi.advanceTimersByTime(999);
    expect(await guard.claim('a', 1_000)).toBe(false);
    vi.advanceTimersByTime(2);
    expect(await guard.claim('a', 1_000)).toBe(true);
  });

  it('stays bounded: expired keys go first, then the oldest live ones', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const guard = createMemoryReplayGuard({ maxEntries: 3 });
    expect(await guard.claim('short', 100)).toBe(true);
    expect(await guard.claim('long1', 10_000)).toBe(true);
    expect(await guard.claim('long2', 10_000)).toBe(true);
    vi.advanceTimersByTime(200);
    // Full, but 'short' has expired: it is pruned and nothing live is forgotten.
    expect(await guard.claim('long3', 10_000)).toBe(true);
    expect(await guard.claim('long1', 10_000)).toBe(false);
    expect(await guard.claim('long2', 10_000)).toBe(false);
    expect(await guard.claim('long3', 10_000)).toBe(false);
    // Full of live keys: the oldest ('long1') makes room.
    expect(await guard.claim('long4', 10_000)).toBe(true);
    expect(await guard.claim('long1', 10_000)).toBe(true);
  });

  it('refuses a nonsensical bound', () => {
    expect(() => createMemoryReplayGuard({ maxEntries: 0 })).toThrow(/maxEntries/);
  });
});

describe('redis replay guard', () => {
  let redis: Redis;
  const keyPrefix = randomKeyPrefix();
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    await deleteKeys(TEST_REDIS_URL, keyPrefix);
    await redis.quit();
  });

  it('grants a key once, with a TTL, shared between guards', async () => {
    const one = createRedisReplayGuard({ redis, keyPrefix });
    const two = createRedisReplayGuard({ redis, keyPrefix });
    expect(await one.claim('k', 5_000)).toBe(true);
    expect(await two.claim('k', 5_000)).toBe(false);
    const ttl = await redis.pttl(`${keyPrefix}k`);
    expect(ttl).toBeGreaterThan(4_000);
    expect(ttl).toBeLessThanOrEqual(5_000);
    await one.close(); // the caller's client stays open
    expect(await redis.ping()).toBe('PONG');
  });

  it('grants the key again once it has expired', async () => {
    const guard = createRedisReplayGuard({ redis, keyPrefix });
    expect(await guard.claim('short', 50)).toBe(true);
    expect(await guard.claim('short', 50)).toBe(false);
    await new Promise((r) => setTimeout(r, 120));
    expect(await guard.claim('short', 50)).toBe(true);
  });

  it('lets exactly one of concurrent claims win', async () => {
    const guards: ReplayGuard[] = Array.from({ length: 4 }, () =>
      createRedisReplayGuard({ redis, keyPrefix }),
    );
    const results = await Promise.all(
      guards.flatMap((g) => [g.claim('race', 5_000), g.claim('race', 5_000)]),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('opens and closes its own connection when given a URL', async () => {
    const guard = createRedisReplayGuard({ redis: 'redis://127.0.0.1:6379', keyPrefix });
    expect(await guard.claim('own', 5_000)).toBe(true);
    expect(await guard.claim('own', 5_000)).toBe(false);
    await guard.close();
  });

  it('rejects (so the caller fails closed) when Redis is unreachable', async () => {
    const guard = createRedisReplayGuard({ redis: 'redis://127.0.0.1:1', keyPrefix });
    await expect(guard.claim('x', 1_000)).rejects.toThrow();
    await guard.close();
  });
});
