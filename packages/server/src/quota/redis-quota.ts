import type { Logger } from 'pino';
import { createRedisConnection } from '../hub/redis-connection.js';
import { createQuotaDayClock } from './podgorica-day.js';
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

/** Gives back one unit, never going below zero. */
const GIVE_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used > 0 then redis.call('DECR', KEYS[1]) end
return 1
`;

/** Raises the counter to at least ARGV[1]; returns the counter after. */
const AT_LEAST_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local wanted = tonumber(ARGV[1])
if used >= wanted then return used end
redis.call('SET', KEYS[1], wanted, 'PX', ARGV[2])
return wanted
`;

/**
 * A day's counter outlives its midnight by this much, so an instance whose clock runs a little
 * behind still finds (and respects) the counter of the day it believes it is.
 */
export const QUOTA_EXPIRY_GRACE_MS = 60 * 60_000;

type TakeCommand = (key: string, limit: number, ttlMs: number) => Promise<[number, number]>;
type GiveCommand = (key: string) => Promise<number>;
type AtLeastCommand = (key: string, used: number, ttlMs: number) => Promise<number>;

/** Daily counters in Redis, shared by every instance, expiring after Podgorica's midnight. */
export function createRedisQuota(options: RedisQuotaOptions): Quota {
  const prefix = options.keyPrefix ?? 'supersteward:';
  const connection = createRedisConnection({
    url: options.url,
    logger: options.logger,
    name: 'quota',
  });
  connection.redis.defineCommand('supersteward_quota_take', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  connection.redis.defineCommand('supersteward_quota_give', { numberOfKeys: 1, lua: GIVE_SCRIPT });
  connection.redis.defineCommand('supersteward_quota_at_least', {
    numberOfKeys: 1,
    lua: AT_LEAST_SCRIPT,
  });
  const commands = connection.redis as unknown as {
    supersteward_quota_take: TakeCommand;
    supersteward_quota_give: GiveCommand;
    supersteward_quota_at_least: AtLeastCommand;
  };
  const takeCommand = commands.supersteward_quota_take.bind(connection.redis);
  const quotaDay = createQuotaDayClock();
  const keyOf = (key: string, now: Date) => `${prefix}quota:${quotaDay(now).day}:${key}`;
  const ttlOf = (now: Date) =>
    Math.max(Date.parse(quotaDay(now).resetAt) - now.getTime(), 0) + QUOTA_EXPIRY_GRACE_MS;

  return {
    async take(key, limit, now = new Date()) {
      const { resetAt } = quotaDay(now);
      if (limit <= 0) return { allowed: false, used: 0, limit, resetAt };
      await connection.usable();
      const [allowed, used] = await takeCommand(keyOf(key, now), limit, ttlOf(now));
      return { allowed: allowed === 1, used: Math.min(used, limit), limit, resetAt };
    },

    async give(key, now = new Date()) {
      await connection.usable();
      await commands.supersteward_quota_give.call(connection.redis, keyOf(key, now));
    },

    async atLeast(key, used, now = new Date()) {
      await connection.usable();
      return Number(
        await commands.supersteward_quota_at_least.call(
          connection.redis,
          keyOf(key, now),
          used,
          ttlOf(now),
        ),
      );
    },

    async ping() {
      await connection.usable();
      await connection.redis.ping();
    },

    close: () => connection.close(),
  };
}
