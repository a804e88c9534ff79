import { randomBytes } from 'node:crypto';
import { newChatRoom, wsPath, type AnswerResponse, type ServerEvent } from '@supersteward/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './main.js';
import { createTestPostgresSchema, TEST_POSTGRES_URL } from './store/test/databases.js';
import { httpClient } from './test/http-client.js';
import { openSocket } from './test/socket-client.js';

const silent = pino({ level: 'silent' });

/** Two instances of the real composition sharing the machine's PostgreSQL (own schema) and Redis (own prefix). */
describe('two instances sharing PostgreSQL and Redis', () => {
  let a: RunningServer;
  let b: RunningServer;
  let dropSchema: () => Promise<void>;

  beforeAll(async () => {
    const schema = await createTestPostgresSchema(TEST_POSTGRES_URL);
    dropSchema = () => schema.drop();
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: schema.databaseUrl,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `sstest${randomBytes(4).toString('hex')}:`,
      CAPTCHA_PROVIDER: 'none',
      DAILY_MESSAGE_LIMIT: '3',
    };
    // Started together on an empty schema: both run the migrations at once, safely.
    [a, b] = await Promise.all([
      startServer(env, { logger: silent }),
      startServer(env, { logger: silent }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await dropSchema?.();
  });

  it('streams to a socket on A an answer asked through B; threads are shared; the daily limit counts across both', async () => {
    const onA = httpClient(a.url);
    const onB = httpClient(b.url);
    const visitor = await onA.createVisitor();
    expect((await onB.send('GET', '/readyz')).body).toMatchObject({
      status: 'ok',
      checks: { store: 'ok', hub: 'ok', quota: 'ok' },
    });

    const socket = openSocket(
      `${a.url.replace('http', 'ws')}${wsPath(visitor, newChatRoom(visitor))}`,
    );
    await socket.opened;
    const sent = await onB.call('answer', {
      uuid: visitor,
      body: { question: 'How much can my checked baggage weigh?', language: 'en' },
    });
    expect(sent.status).toBe(200);
    const answer = sent.body as AnswerResponse;
    const reply = answer.all_messages.at(-1)!;
    await socket.waitFor((f) => f.event === 'message:done', 10_000);
    const pieces = socket.frames
      .filter(
        (f): f is Extract<ServerEvent, { event: 'message:bits' }> => f.event === 'message:bits',
      )
      .map((f) => f.data);
    expect(pieces.join('')).toBe(reply.content);
    socket.close();

    // A thread made through B is listed, read and deleted through A.
    const second = await onA.call('answer', {
      uuid: visitor,
      body: { question: 'Pets in the cabin?' },
    });
    expect(second.status).toBe(200);
    const listed = (await onB.call('threads', { uuid: visitor })).body as Array<{
      thread_id: string;
    }>;
    expect(listed).toHaveLength(2);
    expect(
      (await onA.call('history', { params: { id: answer.thread_id }, uuid: visitor })).body,
    ).toEqual(answer.all_messages);
    // Limit 3 across both: the third ask (on B) passes, the fourth (on A) is refused.
    expect(
      (
        await onB.call('answer', {
          uuid: visitor,
          body: { question: 'Third one?' },
        })
      ).status,
    ).toBe(200);
    const refused = await onA.call('answer', {
      uuid: visitor,
      body: { question: 'Fourth one?' },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ limit: 3 });
    expect((await onA.call('deleteAll', { uuid: visitor })).body).toEqual({
      deleted: 3,
    });
    expect((await onB.call('threads', { uuid: visitor })).status).toBe(404);
  });
});
