import type { Logger } from 'pino';
import type { ReplayGuard } from './replay.js';

/**
 * The shared guard (Redis) while it answers; this instance's own memory while it does not, so a
 * Redis outage does not refuse every captcha (and with it every question, delete and feedback).
 * Every claim is also remembered locally, so a solution used here during an outage (which Redis
 * never saw) is not accepted again here once Redis is back. During an outage a solution is
 * accepted once per instance rather than once across all of them; `ping` says so for /readyz.
 */
export function createFallbackReplayGuard(
  shared: ReplayGuard,
  local: ReplayGuard,
  logger: Logger,
): ReplayGuard {
  let degraded = false;
  return {
    async claim(key, ttlMs) {
      let claimed: boolean;
      try {
        claimed = await shared.claim(key, ttlMs);
      } catch (error) {
        if (!degraded) {
          logger.warn(
            { err: error },
            'captcha replay guard unreachable; remembering solutions locally',
          );
        }
        degraded = true;
        return local.claim(key, ttlMs);
      }
      if (degraded) logger.info('captcha replay guard back on the shared store');
      degraded = false;
      const claimedHere = await local.claim(key, ttlMs);
      return claimed && claimedHere;
    },
    async ping() {
      try {
        await shared.ping?.();
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`local replay guard in use (${reason})`);
      }
    },
    async close() {
      await Promise.all([shared.close(), local.close()]);
    },
  };
}
