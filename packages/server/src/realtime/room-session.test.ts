import type { ServerEvent, StreamEvent } from '@supersteward/contract';
import { describe, expect, it } from 'vitest';
import { RoomSession } from './room-session.js';

const bits = (seq: number): StreamEvent => ({
  event: 'message:bits',
  data: `p${seq}`,
  message_id: 'm',
  seq,
});

describe('RoomSession', () => {
  it('holds live frames while a replay is fetched, then sends each seq once, in order', async () => {
    const sent: ServerEvent[] = [];
    let release!: (frames: StreamEvent[]) => void;
    const session = new RoomSession(
      (event) => sent.push(event),
      () => new Promise((resolve) => (release = resolve)),
    );
    const resumed = session.resume('m', 1);
    // Live frames arrive before the replay answers; the replay overlaps them.
    session.deliver(bits(4));
    session.deliver(bits(5));
    release([bits(2), bits(3), bits(4)]);
    await resumed;
    session.deliver(bits(5));
    session.deliver(bits(6));
    expect(sent.map((e) => ('seq' in e ? e.seq : -1))).toEqual([2, 3, 4, 5, 6]);
  });

  it('passes frames without a message id through, and never resends what the socket had', async () => {
    const sent: ServerEvent[] = [];
    const session = new RoomSession(
      (event) => sent.push(event),
      () => Promise.resolve([bits(1), bits(2)]),
    );
    session.deliver(bits(1));
    session.deliver(bits(2));
    await session.resume('m', 0);
    session.deliver({ event: 'error', data: 'x' });
    expect(sent.map((e) => e.event)).toEqual(['message:bits', 'message:bits', 'error']);
  });
});

describe('RoomSession joined mid-answer', () => {
  const seqs = (sent: ServerEvent[]) => sent.map((e) => ('seq' in e ? e.seq : -1));
  const created: StreamEvent = { event: 'message:created', data: '', message_id: 'm', seq: 0 };

  it('catches up from the start before a live piece, so the piece leaves no gap', async () => {
    const sent: ServerEvent[] = [];
    const asked: number[] = [];
    let release!: (frames: StreamEvent[]) => void;
    const session = new RoomSession(
      (event) => sent.push(event),
      (_id, afterSeq) => {
        asked.push(afterSeq);
        return new Promise((resolve) => (release = resolve));
      },
    );
    session.deliver(bits(3));
    session.deliver(bits(4));
    expect(sent).toEqual([]);
    release([created, bits(1), bits(2), bits(3)]);
    await new Promise((resolve) => setImmediate(resolve));
    session.deliver(bits(5));
    expect(asked).toEqual([-1]);
    expect(seqs(sent)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('skips what the client has when its resume arrives during the catch-up', async () => {
    const sent: ServerEvent[] = [];
    let release!: (frames: StreamEvent[]) => void;
    const session = new RoomSession(
      (event) => sent.push(event),
      () => new Promise((resolve) => (release = resolve)),
    );
    session.deliver(bits(4));
    const resumed = session.resume('m', 2);
    release([created, bits(1), bits(2), bits(3), bits(4)]);
    await resumed;
    session.deliver(bits(5));
    expect(seqs(sent)).toEqual([3, 4, 5]);
  });

  it('still sends the live frames when the catch-up replay fails', async () => {
    const sent: ServerEvent[] = [];
    const session = new RoomSession(
      (event) => sent.push(event),
      () => Promise.reject(new Error('redis down')),
    );
    session.deliver(bits(2));
    await expect(session.resume('m', 0)).rejects.toThrow('redis down');
    session.deliver(bits(3));
    expect(seqs(sent)).toEqual([2, 3]);
  });
});
