import type { AnswerResponse } from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCluster, type Cluster } from '../../scaled/test/cluster.js';
import { httpClient } from '../../test/http-client.js';
import { startTestApp, type TestApp } from '../../test/start-app.js';

/** PostgreSQL cannot store NUL in text; SQLite can. Both stores must answer alike: 400, nothing spent. */
describe.each(['sqlite', 'postgres'] as const)('a NUL character on %s', (store) => {
  let url: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    if (store === 'sqlite') {
      const app: TestApp = await startTestApp({ env: { DAILY_MESSAGE_LIMIT: '1' } });
      url = app.url;
      stop = () => app.close();
    } else {
      const cluster: Cluster = await createCluster({ env: { DAILY_MESSAGE_LIMIT: '1' } });
      url = (await cluster.start()).url;
      stop = () => cluster.close();
    }
  });
  afterAll(() => stop?.());

  it('in a question or a feedback comment is refused with 400 and spends no unit of the limit', async () => {
    const http = httpClient(url);
    const visitor = await http.createVisitor();
    for (const question of ['bag\u0000gage?', '\u0000', 'How heavy?\u0000']) {
      const refused = await http.call('answer', {
        uuid: visitor,
        body: { question },
      });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body).toMatchObject({
        status_code: 400,
        detail: expect.stringMatching(/question.*NUL/),
      });
    }
    expect((await http.call('threads', { uuid: visitor })).body).toEqual([]);

    // The one unit of the day is still there.
    const asked = await http.call('answer', {
      uuid: visitor,
      body: { question: 'How heavy may my bag be?' },
    });
    expect(asked.status, asked.text).toBe(200);
    const answer = (asked.body as AnswerResponse).all_messages.at(-1)!;

    const feedback = await http.call('feedback', {
      uuid: visitor,
      body: { message_id: answer.message_id, sentiment: 'negative', comment: 'wrong\u0000' },
    });
    expect(feedback.status, feedback.text).toBe(400);
    expect(feedback.body).toMatchObject({ detail: expect.stringMatching(/comment.*NUL/) });
    const history = await http.call('history', {
      params: { id: (asked.body as AnswerResponse).thread_id },
      uuid: visitor,
    });
    expect((history.body as AnswerResponse['all_messages']).at(-1)?.sentiment).toBeNull();
  });
});
