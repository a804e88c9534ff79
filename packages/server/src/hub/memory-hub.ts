import type { Logger } from 'pino';
import type { Hub, RoomListener } from './hub.js';
import { ReplayBuffer, type ReplayBufferOptions } from './replay-buffer.js';

export interface MemoryHubOptions extends ReplayBufferOptions {
  logger?: Logger;
}

/** The hub of a single instance: rooms live in this process. */
export function createMemoryHub(options: MemoryHubOptions = {}): Hub {
  const rooms = new Map<string, Set<RoomListener>>();
  const replay = new ReplayBuffer(options);
  let closed = false;

  return {
    publish(room, event) {
      if (closed) return Promise.reject(new Error('hub is closed'));
      replay.add(room, event);
      for (const listener of rooms.get(room) ?? []) {
        // One broken socket must not keep the frame from the others.
        try {
          listener(event);
        } catch (error) {
          options.logger?.warn({ err: error }, 'room listener failed');
        }
      }
      return Promise.resolve();
    },

    subscribe(room, listener) {
      if (closed) return Promise.reject(new Error('hub is closed'));
      let listeners = rooms.get(room);
      if (!listeners) {
        listeners = new Set();
        rooms.set(room, listeners);
      }
      // A wrapper, so the same function subscribed twice is two subscriptions.
      const subscription: RoomListener = (event) => listener(event);
      listeners.add(subscription);
      return Promise.resolve(() => {
        const current = rooms.get(room);
        current?.delete(subscription);
        if (current?.size === 0) rooms.delete(room);
        return Promise.resolve();
      });
    },

    replay(room, messageId, afterSeq) {
      return Promise.resolve(replay.framesAfter(room, messageId, afterSeq));
    },

    ping() {
      return closed ? Promise.reject(new Error('hub is closed')) : Promise.resolve();
    },

    close() {
      closed = true;
      rooms.clear();
      replay.clear();
      return Promise.resolve();
    },
  };
}
