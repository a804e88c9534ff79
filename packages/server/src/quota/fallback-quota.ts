import type { Logger } from 'pino';
import type { Quota } from './quota.js';

/**
 * Takes from `primary` (Redis) and, while it fails, from `fallback` (the store's counters), so
 * an outage of Redis neither stops answers nor lifts the daily limits. `ping` reports the
 * primary, so readiness shows the outage.
 */
export function createFallbackQuota(primary: Quota, fallback: Quota, logger: Logger): Quota {
  let degraded = false;
  return {
    async take(key, limit, now) {
      try {
        const result = await primary.take(key, limit, now);
        if (degraded) logger.info('quota counters back on the primary');
        degraded = false;
        return result;
      } catch (error) {
        if (!degraded) logger.warn({ err: error }, 'quota primary failed; counting in the store');
        degraded = true;
        return fallback.take(key, limit, now);
      }
    },
    ping: () => primary.ping(),
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}
