import { randomUUID } from 'node:crypto';
import {
  newChatRoom,
  WS_CLOSE_FORBIDDEN,
  WS_MAX_PAYLOAD,
  wsPath,
  type ServerEvent,
} from '@supersteward/contract';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../test/http-client.js';
import { createGate, createScriptedEngine, type ScriptedTurn } from '../test/scripted-engine.js';
import { openSocket } from '../test/socket-client.js';
import { startTestApp, type TestApp } from '../test/start-app.js';

const seqOf = (frame: ServerEvent): number =>
  'seq' in frame && frame.seq !== undefined ? frame.seq : -1;

describe('GET /ws/:uuid/room/:room', () => {
  let running: TestApp;
  let http: HttpClient;
  let turn: ScriptedTurn = { pieces: ['a'] };

  beforeAll(async () => {
    running = await startTestApp({
      engine: createScriptedEngine(() => turn),
      env: { CORS_ORIGINS: 'https://partner.example', WS_PING_INTERVAL_MS: '1000' },
    });
    http = httpClient(running.url);
  });
  afterAll(() => running.close());

  const url = (uuid: string, room: string) => `${running.wsUrl}${wsPath(uuid, room)}`;

  it.each([
    ['an unknown visitor', () => randomUUID(), (v: string) => newChatRoom(v)],
    ['a malformed visitor id', () => 'nobody', () => 'newchat_nobody'],
    ['a room that is not the visitor’s', () => '', () => randomUUID()],
  ])('closes with 4403 for %s', async (_name, who, room) => {
    const visitor = who() || (await http.createVisitor());
    const socket = openSocket(url(visitor, room(visitor)));
    expect(await socket.closed).toMatchObject({ code: WS_CLOSE_FORBIDDEN });
  });

  it('accepts its own origin, CORS_ORIGINS and clients without Origin; refuses other origins at the handshake', async () => {
    const visitor = await http.createVisitor();
    for (const origin of [running.url, 'https://partner.example', undefined]) {
      const socket = openSocket(url(visitor, newChatRoom(visitor)), origin ? { origin } : {});
      await socket.opened;
      socket.close();
    }
    const refused = openSocket(url(visitor, newChatRoom(visitor)), {
      origin: 'https://evil.example',
    });
    await expect(refused.opened).rejects.toThrow(/403/);
  });

  it('answers bad frames with an error event and keeps the socket; oversized frames close it with 1009', async () => {
    const visitor = await http.createVisitor();
    const socket = openSocket(url(visitor, newChatRoom(visitor)));
    await socket.opened;
    socket.send('not json');
    socket.send(JSON.stringify({ event: 'shout', data: 1 }));
    socket.send(Buffer.from([1, 2, 3]));
    socket.send(JSON.stringify({ event: 'ping' }));
    socket.send(JSON.stringify({ event: 'resume', data: { message_id: 'x', seq: -1 } }));
    await socket.waitFor(() => socket.frames.length >= 4);
    expect(socket.frames.map((f) => f.event)).toEqual(['error', 'error', 'error', 'error']);
    expect(socket.frames[0]).toEqual({ event: 'error', data: 'frame is not JSON' });
    expect(socket.socket.readyState).toBe(WebSocket.OPEN);

    // Still subscribed after the bad frames.
    turn = { pieces: ['still', ' here'] };
    await http.call('answer', {
      uuid: visitor,
      body: { question: 'Are you there?' },
    });
    await socket.waitFor((f) => f.event === 'message:done');

    socket.send('x'.repeat(WS_MAX_PAYLOAD + 1));
    expect((await socket.closed).code).toBe(1009);
  });

  it('replays the rest of an answer to a socket that reconnects, each frame exactly once', async () => {
    const visitor = await http.createVisitor();
    const room = newChatRoom(visitor);
    const hold = createGate();
    const held = createGate();
    turn = {
      pieces: ['one', ' two', ' three', ' four'],
      beforePiece: (index) => {
        if (index !== 2) return Promise.resolve();
        held.open();
        return hold.promise;
      },
    };
    const first = openSocket(url(visitor, room));
    await first.opened;
    const answered = http.call('answer', {
      uuid: visitor,
      body: { question: 'Stream slowly' },
    });
    await held.promise;
    await first.waitFor((f) => seqOf(f) === 2);
    const created = first.frames[0]!;
    const messageId = 'message_id' in created ? created.message_id! : '';
    first.close();

    // Reconnect having seen only seq 1; ask twice: the second resume sends nothing new.
    // Sent at once on open, while the server may still be checking the room: it must not be lost.
    const second = openSocket(url(visitor, room));
    await second.opened;
    second.send(JSON.stringify({ event: 'resume', data: { message_id: messageId, seq: 1 } }));
    await second.waitFor((f) => seqOf(f) === 2);
    second.send(JSON.stringify({ event: 'resume', data: { message_id: messageId, seq: 1 } }));
    hold.open();
    expect((await answered).status).toBe(200);
    await second.waitFor((f) => f.event === 'message:done');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(second.frames.map((f) => [f.event, seqOf(f)])).toEqual([
      ['message:bits', 2],
      ['message:bits', 3],
      ['message:bits', 4],
      ['message:done', 5],
    ]);
    expect(second.frames.map((f) => (f.event === 'message:bits' ? f.data : '')).join('')).toBe(
      ' two three four',
    );
    second.close();
  });

  it('drops a socket that stops answering pings, and keeps one that answers', async () => {
    const visitor = await http.createVisitor();
    const silent = new WebSocket(url(visitor, newChatRoom(visitor)), { autoPong: false });
    const healthy = openSocket(url(visitor, newChatRoom(visitor)));
    await healthy.opened;
    const closed = new Promise<number>((resolve) => silent.once('close', (code) => resolve(code)));
    const started = Date.now();
    expect(await closed).toBe(1006);
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(healthy.socket.readyState).toBe(WebSocket.OPEN);
    healthy.close();
  });
});
