import { newChatRoom, wsPath, type AnswerResponse, type Message } from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordingLogger } from '../hub/test/redis-server.js';
import type { RunningServer } from '../main.js';
import { httpClient } from '../test/http-client.js';
import { openSocket } from '../test/socket-client.js';
import { createCluster, framesOf, joinedPieces, type Cluster } from './test/cluster.js';

const QUESTION = 'How much can my checked baggage weigh?';

describe('two instances when their Redis dies and comes back', () => {
  let cluster: Cluster;
  let a: RunningServer;
  let b: RunningServer;
  const recorded = recordingLogger();
  const lines = recorded.lines;
  const logged = (msg: string) => lines.filter((line) => line.msg === msg);

  beforeAll(async () => {
    cluster = await createCluster({ privateRedis: true, env: { DAILY_MESSAGE_LIMIT: '10' } });
    a = await cluster.start(recorded.logger);
    b = await cluster.start();
  });
  afterAll(() => cluster?.close());

  it('answers over HTTP, logs the fault once, says so in /readyz, and recovers by itself', async () => {
    const onA = httpClient(a.url);
    const onB = httpClient(b.url);
    const visitor = await onA.createVisitor();
    expect((await onA.send('GET', '/readyz')).status).toBe(200);
    // The same question with Redis up: the answer to expect while it is down.
    const healthy = await onB.call('answer', {
      uuid: visitor,
      body: { question: QUESTION, language: 'en' },
    });
    expect(healthy.status).toBe(200);
    const expected = (healthy.body as AnswerResponse).all_messages.at(-1)!.content;
    expect(expected).toMatch(/23 kg/);

    // Counted before the kill: the lost connection may be logged before kill() resolves.
    const before = lines.length;
    await cluster.redis!.kill();

    // Two answers while Redis is down, both over HTTP, both stored.
    const threads: string[] = [];
    for (const question of [QUESTION, 'Can I bring my cat in the cabin?']) {
      const sent = await onA.call('answer', {
        uuid: visitor,
        body: { question, language: 'en' },
      });
      expect(sent.status, sent.text).toBe(200);
      const body = sent.body as AnswerResponse;
      const [asked, answered] = body.all_messages as [Message, Message];
      expect(asked).toMatchObject({ role: 'user', content: question });
      expect(answered.role).toBe('assistant');
      expect(answered.status ?? 'complete').toBe('complete');
      if (question === QUESTION) expect(answered.content).toBe(expected);
      // The other instance reads the same thread from the store.
      const history = await onB.call('history', { params: { id: body.thread_id }, uuid: visitor });
      expect(history.body).toEqual(body.all_messages);
      threads.push(body.thread_id);
    }

    // The outage is logged once per Redis connection, and the lost realtime once per answer,
    // not once per piece (each answer has many pieces).
    // ioredis reports the lost connection by an event that may trail the failed commands.
    const unreachableLines = () =>
      lines.slice(before).filter((line) => line.msg === 'redis unreachable; reconnecting');
    await vi.waitFor(() => expect(unreachableLines().length).toBeGreaterThan(0), {
      timeout: 5_000,
    });
    const outage = lines.slice(before);
    const connections = unreachableLines().map((line) => line['connection']);
    expect(new Set(connections).size).toBe(connections.length);
    expect(
      outage.filter(
        (line) => line.msg === 'could not publish answer frames; the answer goes by HTTP only',
      ),
    ).toHaveLength(2);
    expect(
      outage.filter((line) => line.msg === 'quota primary failed; counting in the store'),
    ).toHaveLength(1);
    expect(expected.split(' ').length).toBeGreaterThan(5);
    // Nothing else was worth a warning: no line per piece, per retry or per request.
    expect(
      new Set(outage.filter((line) => (line.level as number) >= 40).map((line) => line.msg)),
    ).toEqual(
      new Set([
        'redis unreachable; reconnecting',
        'quota primary failed; counting in the store',
        'could not publish answer frames; the answer goes by HTTP only',
      ]),
    );
    expect(outage.filter((line) => (line.level as number) >= 40)).toHaveLength(
      connections.length + 1 + 2,
    );

    // Readiness names the parts that depend on Redis; the store is fine.
    for (const onX of [onA, onB]) {
      const ready = await onX.send('GET', '/readyz');
      expect(ready.status).toBe(503);
      const body = ready.body as { detail: string; checks: Record<string, string> };
      expect(body.checks['store']).toBe('ok');
      expect(body.checks['hub']).not.toBe('ok');
      expect(body.checks['quota']).not.toBe('ok');
      expect(body.detail).toMatch(/hub \(.+\).*quota \(/);
    }

    // Redis comes back on the same address: both instances reconnect without help.
    await cluster.redis!.start();
    await vi.waitFor(
      async () => {
        expect((await onA.send('GET', '/readyz')).status).toBe(200);
        expect((await onB.send('GET', '/readyz')).status).toBe(200);
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(logged('redis reconnected').length).toBeGreaterThan(0);
    expect(logged('quota counters back on the primary')).toHaveLength(0);

    // Streaming across instances works again: a socket on A gets the answer asked through B.
    const socket = openSocket(
      `${a.url.replace('http', 'ws')}${wsPath(visitor, newChatRoom(visitor))}`,
    );
    await socket.opened;
    const sent = await onB.call('answer', {
      uuid: visitor,
      body: { question: QUESTION, language: 'en' },
    });
    expect(sent.status).toBe(200);
    const reply = (sent.body as AnswerResponse).all_messages.at(-1)!;
    await socket.waitFor((f) => f.event === 'message:done', 10_000);
    expect(joinedPieces(framesOf(socket.frames, reply.message_id))).toBe(reply.content);
    expect(reply.content).toBe(expected);
    socket.close();

    // And A's quota is back on Redis (the fallback says so once, on its next take).
    const onAgain = await onA.call('answer', {
      uuid: visitor,
      body: { question: 'Pets in the cabin?', thread_id: threads[1] },
    });
    expect(onAgain.status).toBe(200);
    expect(logged('quota counters back on the primary')).toHaveLength(1);
  });
});
