import { Redis } from 'ioredis';
import type { Logger } from 'pino';

export interface RedisConnectionOptions {
  url: string;
  logger: Logger;
  /** Names the connection in logs and in Redis' CLIENT LIST. */
  name: string;
}

export interface RedisConnection {
  redis: Redis;
  /**
   * Resolves when commands can be sent now; rejects at once while Redis is down, so callers on
   * the answer path fail fast instead of queueing. Before the first connection attempt settles
   * it waits for that attempt, so a freshly started instance does not refuse its first calls.
   */
  usable(): Promise<void>;
  close(): Promise<void>;
}

/** Longest wait between reconnection attempts. */
const MAX_RETRY_DELAY_MS = 3_000;

export function createRedisConnection(options: RedisConnectionOptions): RedisConnection {
  const { logger, name } = options;
  const redis = new Redis(options.url, {
    connectionName: name,
    // Fail fast while disconnected: a frame that cannot be fanned out now is worth nothing
    // later, and the HTTP answer must not wait for Redis.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 2_000,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RETRY_DELAY_MS),
  });

  let closing: Promise<void> | undefined;
  // Reconnection attempts repeat the same fault: log an outage once, and its end.
  let down = false;
  const lost = (error?: Error) => {
    if (down || closing) return;
    down = true;
    logger.warn({ err: error, connection: name }, 'redis unreachable; reconnecting');
  };
  redis.on('error', (error: Error) => lost(error));
  // A server that dies closes the socket without a socket error.
  redis.on('close', () => lost());
  redis.on('ready', () => {
    if (down) logger.info({ connection: name }, 'redis reconnected');
    down = false;
  });

  const firstAttempt = new Promise<void>((resolve) => {
    const settle = () => {
      redis.off('ready', settle);
      redis.off('error', settle);
      redis.off('end', settle);
      resolve();
    };
    redis.once('ready', settle);
    redis.once('error', settle);
    redis.once('end', settle);
  });
  let attempted = false;
  void firstAttempt.then(() => {
    attempted = true;
  });

  return {
    redis,
    async usable() {
      const ready = () => redis.status === 'ready';
      if (ready()) return;
      if (!attempted) await firstAttempt;
      if (!ready()) {
        throw new Error(`redis (${name}) is not connected: ${redis.status}`);
      }
    },
    close: () =>
      (closing ??= (async () => {
        try {
          if (redis.status === 'ready') await redis.quit();
        } catch {
          // Quitting a connection that drops meanwhile: disconnect below either way.
        } finally {
          redis.disconnect();
        }
      })()),
  };
}
