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
