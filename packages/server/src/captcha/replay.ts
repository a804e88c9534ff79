import { Redis } from 'ioredis';

/**
 * Remembers single-use keys (solved captcha challenges) until they expire, so a
 * solution is accepted once. `claim` is atomic: of concurrent claims of one key,
 * exactly one gets `true`.
 */
export interface ReplayGuard {
  /** True the first time `key` is claimed within `ttlMs`, false afterwards. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** Rejects, with the reason, while the guard cannot work as configured (readiness). */
  ping?(): Promise<void>;
  /** Releases what the guard owns (a Redis connection it opened). */
  close(): Promise<void>;
}

export interface MemoryReplayGuardOptions {
  /** Upper bound on remembered keys; the oldest are dropped first when it is reached. */
  maxEntries?: number;
}

/** In-process guard for a single instance. Bounded; expired entries are pruned as it goes. */
export function createMemoryReplayGuard(options: MemoryReplayGuardOptions = {}): ReplayGuard {
  const maxEntries = options.maxEntries ?? 100_000;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new Error(`maxEntries must be a positive integer, got ${maxEntries}`);
  }
  // Insertion order is claim order; expiry times mostly follow it, so pruning from the head is cheap.
  const expiresAt = new Map<string, number>();

  const pruneHead = (now: number): void => {
    for (const [key, until] of expiresAt) {
      if (until > now) return;
      expiresAt.delete(key);
    }
  };
  const pruneAll = (now: number): void => {
    for (const [key, until] of expiresAt) if (until <= now) expiresAt.delete(key);
  };

  return {
    claim(key, ttlMs) {
      const now = Date.now();
      pruneHead(now);
      const until = expiresAt.get(key);
      if (until !== undefined && until > now) return Promise.resolve(false);
      expiresAt.delete(key);
      if (expiresAt.size >= maxEntries) {
        pruneAll(now);
        // Still full of live keys: forget the oldest. Replaying it would first cost the
        // attacker `maxEntries` fresh solutions, which is more work than solving it again.
        while (expiresAt.size >= maxEntries) {
          const oldest = expiresAt.keys().next();
          if (oldest.done) break;
          expiresAt.delete(oldest.value);
        }
      }
      expiresAt.set(key, now + Math.max(1, ttlMs));
      return Promise.resolve(true);
    },
    close() {
      expiresAt.clear();
      return Promise.resolve();
    },
  };
}

export interface RedisReplayGuardOptions {
  /** A connected client (the caller keeps owning it) or a `redis://` URL (the guard opens and closes its own). */
  redis: Redis | string;
  /** Namespace of the guard's keys. */
  keyPrefix?: string;
}

/** Guard shared by every instance of a scaled-out deployment: `SET key 1 PX ttl NX`. */
export function createRedisReplayGuard(options: RedisReplayGuardOptions): ReplayGuard {
  const owned = typeof options.redis === 'string';
  const redis =
    typeof options.redis === 'string'
      ? new Redis(options.redis, { lazyConnect: true, maxRetriesPerRequest: 2 })
      : options.redis;
  // A failed connection already rejects the pending command (and the caller fails closed);
  // without a listener ioredis would also print every reconnect attempt as unhandled.
  if (owned) redis.on('error', () => {});
  const keyPrefix = options.keyPrefix ?? 'supersteward:captcha:used:';

  return {
    async claim(key, ttlMs) {
      const ttl = Math.max(1, Math.ceil(ttlMs));
      const reply = await redis.set(keyPrefix + key, '1', 'PX', ttl, 'NX');
      return reply === 'OK';
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      if (!owned) return;
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}
