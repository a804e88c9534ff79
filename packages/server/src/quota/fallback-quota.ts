import type { Logger } from 'pino';
import type { Quota } from './quota.js';

/**
 * Takes from `primary` (Redis) and, while it fails, from `fallback` (the store's counters), so
 * an outage of Redis neither stops answers nor lifts the daily limits. Every unit taken from the
 * primary is mirrored into the store (raised to the primary's count), so the store starts an
 * outage where Redis stopped instead of at zero; after the outage the primary is raised to what
 * the store counted meanwhile (for the keys this instance counted there). `ping` reports the primary, so readiness shows the outage.
 */
const MAX_KEYS_TO_CATCH_UP = 100_000;

export function createFallbackQuota(primary: Quota, fallback: Quota, logger: Logger): Quota {
  let degraded = false;
  // Keys counted in the store during an outage: the primary is raised to the store's count
  // before their next take on it. Bounded: an outage touching more keys is not worth more memory.
  const countedInStore = new Set<string>();
  const onPrimaryFailed = (error: unknown): void => {
    if (!degraded) logger.warn({ err: error }, 'quota primary failed; counting in the store');
    degraded = true;
  };
  return {
    async take(key, limit, now) {
      let result;
      try {
        if (countedInStore.has(key)) {
          await primary.atLeast(key, await fallback.atLeast(key, 0, now), now);
          countedInStore.delete(key);
        }
        result = await primary.take(key, limit, now);
      } catch (error) {
        onPrimaryFailed(error);
        if (countedInStore.size < MAX_KEYS_TO_CATCH_UP) countedInStore.add(key);
        return fallback.take(key, limit, now);
      }
      if (degraded) logger.info('quota counters back on the primary');
      degraded = false;
      if (result.allowed) await fallback.atLeast(key, result.used, now);
      return result;
    },
    async give(key, now) {
      await primary.give(key, now).catch(onPrimaryFailed);
      await fallback.give(key, now);
    },
    async atLeast(key, used, now) {
      const [onPrimary, inStore] = await Promise.all([
        primary.atLeast(key, used, now).catch((error: unknown) => {
          onPrimaryFailed(error);
          return used;
        }),
        fallback.atLeast(key, used, now),
      ]);
      return Math.max(onPrimary, inStore);
    },
    ping: () => primary.ping(),
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}
