import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHub } from './memory-hub.js';
import { describeHubSuite, frames } from './test/hub-suite.js';

describeHubSuite('memory', () => {
  const hub = createMemoryHub();
  return Promise.resolve({ a: hub, b: hub, cleanup: () => hub.close() });
});

describe('memory hub', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a finished answer replayable for a minute, then forgets it', async () => {
    vi.useFakeTimers();
    const hub = createMemoryHub({ retainMs: 60_000 });
    const room = randomUUID();
    const messageId = randomUUID();
    for (const frame of frames(messageId, ['a'])) await hub.publish(room, frame);
    vi.advanceTimersByTime(10 * 60_000);
    expect(await hub.replay(room, messageId, 0)).toHaveLength(1); // still in flight
    await hub.publish(room, {
      event: 'message:error',
      data: 'stopped',
      message_id: messageId,
      seq: 2,
    });
    vi.advanceTimersByTime(59_000);
    expect(await hub.replay(room, messageId, 0)).toHaveLength(2);
    vi.advanceTimersByTime(2_000);
    expect(await hub.replay(room, messageId, 0)).toEqual([]);
    await hub.close();
  });

  it('holds a bounded number of answers and frames', async () => {
    const hub = createMemoryHub({ maxAnswers: 2, maxFramesPerAnswer: 3 });
    const room = randomUUID();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids)
      for (const frame of frames(id, ['a', 'b', 'c', 'd'])) await hub.publish(room, frame);
    expect(await hub.replay(room, ids[0] ?? '', -1)).toEqual([]);
    expect(await hub.replay(room, ids[1] ?? '', -1)).toHaveLength(3);
    expect(await hub.replay(room, ids[2] ?? '', -1)).toEqual(frames(ids[2] ?? '', ['a', 'b']));
    await hub.close();
  });

  it('drops the oldest answer still held, past ones that expired, over many answers', async () => {
    vi.useFakeTimers();
    const hub = createMemoryHub({ maxAnswers: 3, retainMs: 1_000 });
    const room = randomUUID();
    const held: string[] = [];
    for (let i = 0; i < 5_000; i++) {
      const id = randomUUID();
      // Every other answer finishes (and expires a second later); the others stay in flight.
      for (const frame of frames(id, ['a'])) await hub.publish(room, frame);
      if (i % 2 === 0)
        await hub.publish(room, {
          event: 'message:error',
          data: 'stopped',
          message_id: id,
          seq: 2,
        });
      held.push(id);
      if (i % 10 === 0) vi.advanceTimersByTime(2_000);
    }
    const kept = [];
    for (const id of held) if ((await hub.replay(room, id, -1)).length > 0) kept.push(id);
    expect(kept).toEqual(held.slice(-3));
    await hub.close();
  });

  it('refuses work once closed', async () => {
    const hub = createMemoryHub();
    await hub.close();
    await expect(hub.ping()).rejects.toThrow();
    await expect(hub.publish('r', { event: 'message:bits', data: 'x' })).rejects.toThrow();
  });
});
