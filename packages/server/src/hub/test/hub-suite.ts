import { randomUUID } from 'node:crypto';
import type { ServerEvent, StreamEvent } from '@supersteward/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hub } from '../hub.js';

export interface HubsUnderTest {
  /** Two instances sharing rooms (the same hub twice for an in-process adapter). */
  a: Hub;
  b: Hub;
  cleanup(): Promise<void>;
}

export function frames(messageId: string, pieces: string[]): StreamEvent[] {
  return [
    { event: 'message:created', data: '', message_id: messageId, seq: 0 },
    ...pieces.map((data, i): StreamEvent => ({
      event: 'message:bits',
      data,
      message_id: messageId,
      seq: i + 1,
    })),
  ];
}

/** Collects what a room receives. */
export async function listen(hub: Hub, room: string) {
  const received: ServerEvent[] = [];
  const stop = await hub.subscribe(room, (event) => received.push(event));
  return { received, stop };
}

/** The Hub contract, run against every adapter. */
export function describeHubSuite(name: string, open: () => Promise<HubsUnderTest>): void {
  describe(`hub on ${name}`, () => {
    let hubs: HubsUnderTest;
    beforeEach(async () => {
      hubs = await open();
    });
    afterEach(async () => {
      await hubs.cleanup();
    });

    it('delivers a room’s frames in order, to that room only, across instances', async () => {
      const room = randomUUID();
      const onA = await listen(hubs.a, room);
      const onB = await listen(hubs.b, room);
      const elsewhere = await listen(hubs.a, randomUUID());
      const sent = frames(randomUUID(), ['Da, ', 'možete ', 'ponijeti ', '8 kg.']);
      for (const frame of sent) await hubs.b.publish(room, frame);
      await vi.waitFor(() => expect(onA.received).toHaveLength(sent.length));
      await vi.waitFor(() => expect(onB.received).toHaveLength(sent.length));
      expect(onA.received).toEqual(sent);
      expect(onB.received).toEqual(sent);
      expect(elsewhere.received).toEqual([]);
    });

    it('stops delivering to a listener that left, and keeps the others', async () => {
      const room = randomUUID();
      const leaving = await listen(hubs.a, room);
      const staying = await listen(hubs.a, room);
      const [first, second] = frames(randomUUID(), ['x']);
      if (!first || !second) throw new Error('frames');
      await hubs.b.publish(room, first);
      await vi.waitFor(() => expect(staying.received).toHaveLength(1));
      await leaving.stop();
      await hubs.b.publish(room, second);
      await vi.waitFor(() => expect(staying.received).toHaveLength(2));
      expect(leaving.received).toEqual([first]);
    });

    it('keeps delivering after one listener throws', async () => {
      const room = randomUUID();
      await hubs.a.subscribe(room, () => {
        throw new Error('broken socket');
      });
      const healthy = await listen(hubs.a, room);
      for (const frame of frames(randomUUID(), ['a', 'b'])) await hubs.b.publish(room, frame);
      await vi.waitFor(() => expect(healthy.received).toHaveLength(3));
    });

    it('replays exactly the frames after a sequence number, on any instance', async () => {
      const room = randomUUID();
      const messageId = randomUUID();
      const sent = frames(messageId, ['one ', 'two ', 'three']);
      for (const frame of sent) await hubs.a.publish(room, frame);
      expect(await hubs.b.replay(room, messageId, 1)).toEqual(sent.slice(2));
      expect(await hubs.a.replay(room, messageId, -1)).toEqual(sent);
      expect(await hubs.b.replay(room, messageId, 3)).toEqual([]);
      expect(await hubs.b.replay(room, randomUUID(), 0)).toEqual([]);
      expect(await hubs.b.replay(randomUUID(), messageId, 0)).toEqual([]);

      const done: StreamEvent = {
        event: 'message:done',
        data: { content: 'one two three', sources: [{ id: 'bags', title: 'Bags' }] },
        message_id: messageId,
        seq: 4,
      };
      await hubs.b.publish(room, done);
      expect(await hubs.a.replay(room, messageId, 2)).toEqual([...sent.slice(3), done]);
    });

    it('keeps answers of one room apart in replay, and skips frames without a sequence', async () => {
      const room = randomUUID();
      const first = frames(randomUUID(), ['a']);
      const second = frames(randomUUID(), ['b', 'c']);
      for (const frame of [...first, ...second]) await hubs.a.publish(room, frame);
      await hubs.a.publish(room, { event: 'message:bits', data: 'loose' });
      expect(await hubs.b.replay(room, first[0]?.message_id ?? '', -1)).toEqual(first);
      expect(await hubs.b.replay(room, second[0]?.message_id ?? '', 0)).toEqual(second.slice(1));
    });

    it('answers ping while open', async () => {
      await expect(hubs.a.ping()).resolves.toBeUndefined();
      await expect(hubs.b.ping()).resolves.toBeUndefined();
    });
  });
}
