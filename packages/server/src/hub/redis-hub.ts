import type { StreamEvent } from '@supersteward/contract';
import type { Logger } from 'pino';
import type { Hub, RoomListener } from './hub.js';
import { createRedisConnection } from './redis-connection.js';
import { REPLAY_RETAIN_MS } from './replay-buffer.js';

export interface RedisHubOptions {
  url: string;
  logger: Logger;
  /** Prefix of every channel and key, so deployments (or test runs) sharing a Redis stay apart. */
  keyPrefix?: string;
  /** How long a finished answer's frames stay replayable. */
  retainMs?: number;
  /** How long an answer's frames are kept when its instance never says it finished. */
  inFlightTtlMs?: number;
  maxFramesPerAnswer?: number;
}

interface RoomEntry {
  listeners: Set<RoomListener>;
  subscribed: Promise<void>;
}

/**
 * One frame of an answer: kept in its replay list (bounded, expiring) and published, in one
 * atomic script run (one command per streamed piece, where MULTI … EXEC took six).
 */
const PUBLISH_SCRIPT = `
redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], 0, tonumber(ARGV[2]) - 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', ARGV[4], ARGV[1])
return 1
`;

type PublishCommand = (
  key: string,
  payload: string,
  maxFrames: number,
  ttlMs: number,
  channel: string,
) => Promise<number>;

/**
 * The hub of a scaled deployment: frames go through Redis pub/sub, so a socket on any instance
 * receives what any instance publishes; the frames of each answer are also kept in a Redis list
 * so a socket that reconnects to another instance can be replayed the rest.
 */
export function createRedisHub(options: RedisHubOptions): Hub {
  const { logger } = options;
  const prefix = options.keyPrefix ?? 'supersteward:';
  const retainMs = options.retainMs ?? REPLAY_RETAIN_MS;
  const inFlightTtlMs = options.inFlightTtlMs ?? 15 * 60_000;
  const maxFrames = options.maxFramesPerAnswer ?? 5_000;

  const publisher = createRedisConnection({ url: options.url, logger, name: 'hub-publisher' });
  const subscriber = createRedisConnection({ url: options.url, logger, name: 'hub-subscriber' });
  const rooms = new Map<string, RoomEntry>();

  const channelPrefix = `${prefix}room:`;
  const channelOf = (room: string) => `${channelPrefix}${room}`;
  const replayKey = (room: string, messageId: string) => `${prefix}replay:${room}:${messageId}`;

  subscriber.redis.on('message', (channel: string, payload: string) => {
    if (!channel.startsWith(channelPrefix)) return;
    const entry = rooms.get(channel.slice(channelPrefix.length));
    if (!entry) return;
    let event: StreamEvent;
    try {
      event = JSON.parse(payload) as StreamEvent;
    } catch (error) {
      logger.warn({ err: error }, 'unreadable frame on a room channel');
      return;
    }
    for (const listener of entry.listeners) {
      try {
        listener(event);
      } catch (error) {
        logger.warn({ err: error }, 'room listener failed');
      }
    }
  });

  async function unsubscribe(room: string, listener: RoomListener): Promise<void> {
    const entry = rooms.get(room);
    if (!entry?.listeners.delete(listener) || entry.listeners.size > 0) return;
    rooms.delete(room);
    try {
      await subscriber.redis.unsubscribe(channelOf(room));
    } catch (error) {
      // Disconnected: the subscription died with the connection, and autoResubscribe only
      // restores channels still listed, which this one no longer is.
      logger.debug({ err: error }, 'redis unsubscribe failed');
    }
  }

  publisher.redis.defineCommand('supersteward_hub_publish', {
    numberOfKeys: 1,
    lua: PUBLISH_SCRIPT,
  });
  const publishFrame = (
    publisher.redis as unknown as {
      supersteward_hub_publish: PublishCommand;
    }
  ).supersteward_hub_publish.bind(publisher.redis);

  return {
    async publish(room, event) {
      await publisher.usable();
      const payload = JSON.stringify(event);
      if (event.message_id === undefined || event.seq === undefined) {
        await publisher.redis.publish(channelOf(room), payload);
        return;
      }
      const finished = event.event === 'message:done' || event.event === 'message:error';
      await publishFrame(
        replayKey(room, event.message_id),
        payload,
        maxFrames,
        finished ? retainMs : inFlightTtlMs,
        channelOf(room),
      );
    },

    async subscribe(room, listener) {
      const subscription: RoomListener = (event) => listener(event);
      let entry = rooms.get(room);
      if (!entry) {
        const subscribed = subscriber
          .usable()
          .then(() => subscriber.redis.subscribe(channelOf(room)))
          .then(() => undefined);
        entry = { listeners: new Set(), subscribed };
        rooms.set(room, entry);
      }
      entry.listeners.add(subscription);
      try {
        await entry.subscribed;
      } catch (error) {
        entry.listeners.delete(subscription);
        if (entry.listeners.size === 0 && rooms.get(room) === entry) rooms.delete(room);
        throw error;
      }
      return () => unsubscribe(room, subscription);
    },

    async replay(room, messageId, afterSeq) {
      await publisher.usable();
      const payloads = await publisher.redis.lrange(replayKey(room, messageId), 0, -1);
      return payloads
        .map((payload) => JSON.parse(payload) as StreamEvent)
        .filter((event) => (event.seq ?? -1) > afterSeq);
    },

    async ping() {
      await publisher.usable();
      await subscriber.usable();
      await publisher.redis.ping();
    },

    async close() {
      rooms.clear();
      await Promise.all([publisher.close(), subscriber.close()]);
    },
  };
}
