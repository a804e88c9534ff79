import { randomUUID } from 'node:crypto';
import type { AnswerResponse } from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAltchaCaptcha } from '../../captcha/altcha.js';
import { createMemoryReplayGuard } from '../../captcha/replay.js';
import { solveAltcha } from '../../test/altcha-solver.js';
import { httpClient, type HttpClient, type SendOptions } from '../../test/http-client.js';
import { snapshot } from '../../test/snapshot.js';
import { startTestApp, type TestApp } from '../../test/start-app.js';

describe('POST /assistant/message/feedback', () => {
  let running: TestApp;
  let http: HttpClient;
  let visitor: string;
  let answer: AnswerResponse;

  beforeAll(async () => {
    running = await startTestApp({
      captcha: () =>
        createAltchaCaptcha({
          hmacKey: 'feedback-test-hmac-key',
          cost: 10,
          maxCounter: 20,
          replay: createMemoryReplayGuard(),
        }),
    });
    http = httpClient(running.url);
    visitor = await http.createVisitor();
    const sent = await http.call('answer', {
      uuid: visitor,
      captcha: await solveAltcha(running.url),
      body: { question: 'Rate this answer' },
    });
    answer = sent.body as AnswerResponse;
  });
  afterAll(() => running.close());

  const rate = async (json: unknown, options: SendOptions = {}) =>
    http.send('POST', '/assistant/message/feedback', {
      uuid: visitor,
      captcha: await solveAltcha(running.url),
      json,
      ...options,
    });

  it('stores positive, negative and cleared feedback on the visitor’s assistant message', async () => {
    const reply = answer.all_messages.at(-1)!;
    for (const sentiment of ['positive', 'negative', null] as const) {
      const sent = await rate({ message_id: reply.message_id, sentiment, comment: ' too short ' });
      expect(sent).toMatchObject({
        status: 200,
        body: { message_id: reply.message_id, sentiment },
      });
      const history = await running.store.history(visitor, answer.thread_id);
      expect(history?.at(-1)?.sentiment).toBe(sentiment);
    }
    const rows = (await snapshot(running.database)).feedback as Array<{ comment: string | null }>;
    expect(rows.map((r) => r.comment)).toEqual(['too short', 'too short', 'too short']);
  });

  it.each<[string, () => unknown, number, SendOptions?]>([
    [
      'a user message',
      () => ({ message_id: answer.all_messages[0]!.message_id, sentiment: 'positive' }),
      404,
    ],
    ['an unknown message', () => ({ message_id: randomUUID(), sentiment: 'positive' }), 404],
    [
      'a sentiment outside the allowed values',
      () => ({ message_id: answer.all_messages[1]!.message_id, sentiment: 'meh' }),
      400,
    ],
    ['a missing sentiment', () => ({ message_id: answer.all_messages[1]!.message_id }), 400],
    [
      'an extra field',
      () => ({ message_id: answer.all_messages[1]!.message_id, sentiment: null, stars: 5 }),
      400,
    ],
    [
      'an overlong comment',
      () => ({
        message_id: answer.all_messages[1]!.message_id,
        sentiment: null,
        comment: 'x'.repeat(1001),
      }),
      400,
    ],
    [
      'no captcha',
      () => ({ message_id: answer.all_messages[1]!.message_id, sentiment: 'positive' }),
      403,
      { captcha: '' },
    ],
  ])('refuses %s and changes nothing', async (_name, json, status, options) => {
    const before = await snapshot(running.database);
    const sent = await rate(json(), options);
    expect(sent.status).toBe(status);
    expect(sent.body).toEqual({ status_code: status, detail: expect.any(String) });
    expect(await snapshot(running.database)).toEqual(before);
  });

  it('refuses another visitor', async () => {
    const other = await http.createVisitor();
    const sent = await rate(
      { message_id: answer.all_messages[1]!.message_id, sentiment: 'positive' },
      { uuid: other },
    );
    expect(sent.status).toBe(404);
  });
});
