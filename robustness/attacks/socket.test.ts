import { setTimeout as sleep } from 'node:timers/promises';
import {
  newChatRoom,
  WS_CLOSE_FORBIDDEN,
  WS_MAX_PAYLOAD,
  wsPath,
  type ServerEvent,
} from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, type TestSocket } from '../../packages/server/src/test/socket-client.js';
import { createTally } from '../support/tally.js';
import { startTarget, type Target } from '../support/target.js';
import { client, type Client } from '../support/visitors.js';

const tally = createTally('socket attacks');

interface World {
  target: Target;
  http: Client;
  a: string;
  b: string;
  bThread: string;
  bAnswer: string;
}

const isDone = (frame: ServerEvent): boolean => frame.event === 'message:done';
const errors = (socket: TestSocket): ServerEvent[] =>
  socket.frames.filter((frame) => frame.event === 'error');

/** Asks a new-chat question as A and expects its answer to stream to `socket`. */
async function stillStreams(world: World, socket: TestSocket): Promise<void> {
  const asked = await world.http.ask(world.a, 'Can I take my dog in the cabin?');
  const done = await socket.waitFor(
    (frame) => isDone(frame) && 'thread_id' in frame && frame.thread_id === asked.thread_id,
    10_000,
  );
  expect(done.event === 'message:done' && done.data.content).toBe(asked.all_messages[1]!.content);
}

/** A handshake refused or a socket closed: `code` is the HTTP status or the close code. */
interface Refusal {
  name: string;
  path(world: World): string;
  origin?: string;
  code: number;
}

const EVIL = ['../../../etc/passwd', "1' OR '1'='1", '"; DROP TABLE users; --', '%00'];
const refusals: Refusal[] = [
  {
    name: 'an upgrade from a foreign origin',
    path: (w) => wsPath(w.a, newChatRoom(w.a)),
    origin: 'https://evil.example',
    code: 403,
  },
  {
    name: 'an upgrade from origin "null"',
    path: (w) => wsPath(w.a, newChatRoom(w.a)),
    origin: 'null',
    code: 403,
  },
  {
    name: "another visitor's thread room",
    path: (w) => wsPath(w.a, w.bThread),
    code: WS_CLOSE_FORBIDDEN,
  },
  {
    name: "another visitor's new-chat room",
    path: (w) => wsPath(w.a, newChatRoom(w.b)),
    code: WS_CLOSE_FORBIDDEN,
  },
  {
    name: 'an unknown visitor',
    path: () =>
      wsPath(
        '6f1c2f4e-9a1b-4c3d-8e5f-0a1b2c3d4e5f',
        'newchat_6f1c2f4e-9a1b-4c3d-8e5f-0a1b2c3d4e5f',
      ),
    code: WS_CLOSE_FORBIDDEN,
  },
  ...EVIL.flatMap((evil): Refusal[] => [
    {
      name: `visitor ${JSON.stringify(evil)}`,
      path: () => wsPath(evil, newChatRoom(evil)),
      code: WS_CLOSE_FORBIDDEN,
    },
    {
      name: `room ${JSON.stringify(evil)}`,
      path: (w) => wsPath(w.a, evil),
      code: WS_CLOSE_FORBIDDEN,
    },
  ]),
];

/** A frame sent on A's own socket: answered with an `error` event (or closed with `closeCode`), nothing else. */
interface BadFrame {
  name: string;
  frame(world: World): string | Buffer;
  /** The socket is closed with this code instead of answered. */
  closeCode?: number;
  /** No error event is expected (a frame the server ignores on purpose). */
  silent?: boolean;
}
const frames: BadFrame[] = [
  {
    name: 'an oversized frame',
    frame: () => JSON.stringify({ event: 'ping', pad: 'x'.repeat(WS_MAX_PAYLOAD + 1) }),
    closeCode: 1009,
  },
  { name: 'a binary frame', frame: () => Buffer.from([0, 1, 2, 255]) },
  { name: 'invalid JSON', frame: () => '{"event":"resume",' },
  { name: 'a JSON number', frame: () => '42' },
  {
    name: 'an unknown event',
    frame: () => JSON.stringify({ event: 'subscribe', data: { room: 'x' } }),
  },
  {
    name: 'a ping with a __proto__ key',
    frame: () => '{"event":"ping","__proto__":{"polluted":1}}',
  },
  {
    name: 'resume with a bogus message_id',
    frame: () => JSON.stringify({ event: 'resume', data: { message_id: "1' OR '1'='1", seq: 0 } }),
    silent: true,
  },
  {
    name: 'resume with a 10,000-character message_id',
    frame: () =>
      JSON.stringify({
        event: 'resume',
        data: { message_id: 'x'.repeat(10_000).slice(0, 4_000), seq: 0 },
      }),
  },
  {
    name: 'resume with a negative seq',
    frame: (w) => JSON.stringify({ event: 'resume', data: { message_id: w.bAnswer, seq: -1 } }),
  },
  {
    name: "resume of another visitor's answer",
    frame: (w) => JSON.stringify({ event: 'resume', data: { message_id: w.bAnswer, seq: 0 } }),
    silent: true,
  },
];

describe('socket attacks: each refused, nothing changed, the room still streams', () => {
  const world = {} as World;

  beforeAll(async () => {
    world.target = await startTarget();
    world.http = client(world.target.url);
    world.a = await world.http.createVisitor();
    world.b = await world.http.createVisitor();
    const b = await world.http.ask(world.b, 'Can I take my cat in the cabin?');
    world.bThread = b.thread_id;
    world.bAnswer = b.all_messages[1]!.message_id;
  });
  afterAll(async () => {
    tally.print();
    await world.target.close();
  });

  it.each(refusals.map((r) => [r.name, r] as const))('%s is refused', async (_n, refusal) => {
    const before = await world.target.snapshot();
    const socket = openSocket(`${world.target.wsUrl}${refusal.path(world)}`, {
      origin: refusal.origin,
    });
    let code: number;
    try {
      await socket.opened;
      code = (await socket.closed).code;
    } catch (error) {
      code = Number(/refused: (\d+)/.exec(String(error))?.[1]);
    }
    const after = await world.target.snapshot();
    tally.record(
      code >= 500 && code < 600 ? code : 0,
      JSON.stringify(before) !== JSON.stringify(after),
    );
    expect(code).toBe(refusal.code);
    expect(socket.frames).toEqual([]);
    expect(after).toEqual(before);
    expect((await world.http.send('GET', '/healthz')).status).toBe(200);
  });

  it.each(frames.map((f) => [f.name, f] as const))('%s', async (_n, bad) => {
    const socket = openSocket(`${world.target.wsUrl}${wsPath(world.a, newChatRoom(world.a))}`);
    await socket.opened;
    try {
      const before = await world.target.snapshot();
      socket.send(bad.frame(world));
      if (bad.closeCode !== undefined) {
        expect((await socket.closed).code).toBe(bad.closeCode);
      } else if (!bad.silent) {
        await socket.waitFor((frame) => frame.event === 'error');
      } else {
        await sleep(300);
      }
      const after = await world.target.snapshot();
      tally.record(0, JSON.stringify(before) !== JSON.stringify(after));
      expect(after).toEqual(before);
      // Nothing but (at most) one error event: never a frame of another visitor's answer.
      expect(socket.frames.filter((frame) => frame.event !== 'error')).toEqual([]);
      expect(errors(socket).length).toBeLessThanOrEqual(1);
      if (bad.closeCode === undefined) await stillStreams(world, socket);
      else {
        const fresh = openSocket(`${world.target.wsUrl}${wsPath(world.a, newChatRoom(world.a))}`);
        await fresh.opened;
        await stillStreams(world, fresh);
        fresh.close();
      }
    } finally {
      socket.close();
    }
  });

  it('a burst of 500 bad frames on one socket: answered, socket and server fine', async () => {
    const socket = openSocket(`${world.target.wsUrl}${wsPath(world.a, newChatRoom(world.a))}`);
    await socket.opened;
    try {
      for (let i = 0; i < 500; i++) socket.send(i % 2 ? 'not json' : Buffer.from([i % 256]));
      await socket.waitFor(() => errors(socket).length === 500, 20_000);
      tally.record(0, false);
      await stillStreams(world, socket);
    } finally {
      socket.close();
    }
  });

  it('2,000 sockets opened at once: all open, all get the answer, the server keeps serving', async () => {
    const path = `${world.target.wsUrl}${wsPath(world.a, newChatRoom(world.a))}`;
    const sockets = Array.from({ length: 2_000 }, () => openSocket(path));
    try {
      const opened = await Promise.allSettled(sockets.map((s) => s.opened));
      expect(opened.filter((o) => o.status === 'rejected')).toEqual([]);
      expect((await world.http.send('GET', '/healthz')).status).toBe(200);
      // Every piece goes to 2,000 sockets (and their clients run in this same process).
      const asked = await world.http.ask(world.a, 'How much can my checked baggage weigh?', {
        timeoutMs: 60_000,
      });
      const stored = asked.all_messages[1]!.content;
      const done = await Promise.all(
        sockets.map((s) =>
          s.waitFor(
            (f) => isDone(f) && 'thread_id' in f && f.thread_id === asked.thread_id,
            30_000,
          ),
        ),
      );
      for (const frame of done)
        expect(frame.event === 'message:done' && frame.data.content).toBe(stored);
      tally.record(0, false);
    } finally {
      for (const s of sockets) s.close();
      await Promise.all(sockets.map((s) => s.closed));
    }
    expect((await world.http.send('GET', '/healthz')).status).toBe(200);
  });
});
