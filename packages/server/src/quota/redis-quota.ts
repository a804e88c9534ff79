import type { Logger } from 'pino';
import { createRedisConnection } from '../hub/redis-connection.js';
import { nextPodgoricaMidnight, podgoricaDay } from './podgorica-day.js';
import type { Quota } from './quota.js';

export interface RedisQuotaOptions {
  url: string;
  logger: Logger;
  keyPrefix?: string;
}

/**
 * Counts and checks in one script run, so concurrent takes from any number of instances can
 * never pass the limit. Refused takes do not count.
 */
const TAKE_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used >= tonumber(ARGV[1]) then return {0, used} end
used = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return {1, used}
`;

/**
 * A day's counter outlives its midnight by this much, so an instance whose clock runs a little
 * behind still finds (and respects) the counter of the day it believes it is.
 */
export const QUOTA_EXPIRY_GRACE_MS = 60 * 60_000;

type TakeCommand = (key: string, limit: number, ttlMs: number) => Promise<[number, number]>;

/** Daily counters in Redis, shared by every instance, expiring after Podgorica's midnight. */
export function createRedisQuota(options: RedisQuotaOptions): Quota {
  const prefix = options.keyPrefix ?? 'supersteward:';
  const connection = createRedisConnection({
    url: options.url,
    logger: options.logger,
    name: 'quota',
  });
  connection.redis.defineCommand('supersteward_quota_take', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  const takeCommand = (
    connection.redis as unknown as { supersteward_quota_take: TakeCommand }
  ).supersteward_quota_take.bind(connection.redis);

  return {
    async take(key, limit, now = new Date()) {
      const reset = nextPodgoricaMidnight(now);
      const resetAt = reset.toISOString();
      if (limit <= 0) return { allowed: false, used: 0, limit, resetAt };
      await connection.usable();
      const ttlMs = Math.max(reset.getTime() - now.getTime(), 0) + QUOTA_EXPIRY_GRACE_MS;
      const [allowed, used] = await takeCommand(
        `${prefix}quota:${podgoricaDay(now)}:${key}`,
        limit,
        ttlMs,
      );
      return { allowed: allowed === 1, used: Math.min(used, limit), limit, resetAt };
    },

    async ping() {
      await connection.usable();
      await connection.redis.ping();
    },

    close: () => connection.close(),
  };
}
