import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WS_CLOSE_FORBIDDEN } from '@supersteward/contract';
import type { ResumePoint } from '@supersteward/contract';
import { createRealtime } from './realtime';

/** The WebSocket surface the client uses; opening and closing are driven by the test. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup(resume: ResumePoint | null = null) {
  const frames: unknown[] = [];
  const connected: boolean[] = [];
  const registered: string[] = [];
  const realtime = createRealtime({
    registerRoom: async ({ room_id }) => {
      registered.push(room_id);
      return { room_id };
    },
    socketUrl: (user, room) => `ws://h/ws/${user}/room/${room}`,
    onFrame: (f) => frames.push(f),
    onConnectionChange: (c) => connected.push(c),
    getResume: () => resume,
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    openTimeoutMs: 1000,
    backoffInitialMs: 100,
    backoffMaxMs: 1000,
  });
  return { realtime, frames, connected, registered };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function flush() {
  await vi.advanceTimersByTimeAsync(0);
}

describe('realtime client', () => {
  it('registers the room, then opens its socket and passes JSON frames on', async () => {
    const { realtime, frames, registered, connected } = setup();
    const subscribed = realtime.subscribe('u1', 'newchat_u1');
    await flush();
    expect(registered).toEqual(['newchat_u1']);
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe('ws://h/ws/u1/room/newchat_u1');
    socket.open();
    await subscribed;
    socket.onmessage?.({ data: '{"event":"message:bits","data":"x"}' });
    socket.onmessage?.({ data: 'not json' });
    expect(frames).toEqual([{ event: 'message:bits', data: 'x' }]);
    expect(connected.at(-1)).toBe(true);
    expect(realtime.room).toBe('newchat_u1');
  });

  it('keeps one socket at a time: subscribing closes the open one', async () => {
    const { realtime } = setup();
    const first = realtime.subscribe('u1', 'newchat_u1');
    await flush();
    FakeSocket.all[0]!.open();
    await first;
    const second = realtime.subscribe('u1', 't-1');
    await flush();
    FakeSocket.all[1]!.open();
    await second;
    expect(FakeSocket.all[0]!.closedWith).toBe(1000);
    expect(FakeSocket.all).toHaveLength(2);
    // The old socket's close does not trigger a reconnect.
    FakeSocket.all[0]!.drop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('reconnects with growing back-off and asks to resume where the answer stood', async () => {
    const { realtime } = setup({ message_id: 'm1', seq: 4 });
    const s = realtime.subscribe('u1', 't-1');
    await flush();
    FakeSocket.all[0]!.open();
    await s;
    FakeSocket.all[0]!.drop();
    await vi.advanceTimersByTimeAsync(99);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.drop();
    await vi.advanceTimersByTimeAsync(199);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.all[2]!.open();
    expect(FakeSocket.all[2]!.sent.map((s) => JSON.parse(s) as unknown)).toEqual([
      { event: 'resume', data: { message_id: 'm1', seq: 4 } },
    ]);
  });

  it('does not reconnect when the server refuses the room (4403) or after close()', async () => {
    const { realtime } = setup();
    const s = realtime.subscribe('u1', 'someone-else');
    await flush();
    FakeSocket.all[0]!.drop(WS_CLOSE_FORBIDDEN);
    await s;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.all).toHaveLength(1);

    const again = realtime.subscribe('u1', 't-2');
    await flush();
    FakeSocket.all[1]!.open();
    await again;
    realtime.close();
    expect(realtime.room).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.all).toHaveLength(2);
  });
});
