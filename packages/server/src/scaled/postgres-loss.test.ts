import type { AnswerResponse } from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingLogger } from '../hub/test/redis-server.js';
import type { RunningServer } from '../main.js';
import { httpClient } from '../test/http-client.js';
import { createCluster, type Cluster } from './test/cluster.js';

const LOST = 'postgres connection lost; the pool will reconnect';

describe('two instances when PostgreSQL drops their connections', () => {
  let cluster: Cluster;
  let a: RunningServer;
  let b: RunningServer;
  const recorded = recordingLogger();

  beforeAll(async () => {
    cluster = await createCluster({ env: { ANSWER_PIECE_DELAY_MS: '0' } });
    a = await cluster.start(recorded.logger);
    b = await cluster.start();
  });
  afterAll(() => cluster?.close());

  it('keeps serving: requests after the connections are terminated succeed on fresh ones', async () => {
    const onA = httpClient(a.url);
    const onB = httpClient(b.url);
    const visitor = await onA.createVisitor();
    const ask = (on: typeof onA, question: string, threadId?: string) =>
      on.call('answer', {
        uuid: visitor,
        body: { question, language: 'en', ...(threadId && { thread_id: threadId }) },
      });
    const first = await ask(onA, 'How much can my checked baggage weigh?');
    expect(first.status).toBe(200);
    const threadId = (first.body as AnswerResponse).thread_id;

    // Traffic on both instances fills their pools; then every one of their connections dies.
    const traffic = await Promise.all([
      ...Array.from({ length: 4 }, () => onA.call('threads', { uuid: visitor })),
      ...Array.from({ length: 4 }, () => onB.call('threads', { uuid: visitor })),
    ]);
    expect(traffic.map((sent) => sent.status)).toEqual(Array(8).fill(200));
    const killed = await cluster.terminateDatabaseConnections();
    expect(killed).toBeGreaterThanOrEqual(2);

    // The very next requests, on both instances, work: reads, writes, readiness.
    for (const on of [onA, onB]) {
      const ready = await on.send('GET', '/readyz');
      expect(ready.status, ready.text).toBe(200);
      expect((await on.call('threads', { uuid: visitor })).status).toBe(200);
    }
    const followUp = await ask(onB, 'And a second bag?', threadId);
    expect(followUp.status, followUp.text).toBe(200);
    expect((followUp.body as AnswerResponse).all_messages).toHaveLength(4);
    expect((await onA.createVisitor()).length).toBeGreaterThan(0);

    // Terminated in the middle of requests in flight: the ones after them succeed.
    const during = Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        ask(i % 2 ? onA : onB, `Question ${i} about pets in the cabin?`),
      ),
    );
    const killedDuring = await cluster.terminateDatabaseConnections();
    const outcomes = await during;
    // Each either made it or got a clean JSON error; none hangs or crashes the instance.
    for (const sent of outcomes) {
      expect([200, 500, 503], sent.text).toContain(sent.status);
      expect(sent.body).toBeTypeOf('object');
    }
    const after = await Promise.all([
      ask(onA, 'Can I bring my cat?'),
      ask(onB, 'Can I bring my dog?'),
    ]);
    expect(after.map((sent) => sent.status)).toEqual([200, 200]);
    // Questions that made it are stored; one cut mid-answer may have stored its question too.
    const threads = (await onA.call('threads', { uuid: visitor })).body as unknown[];
    const made = outcomes.filter((sent) => sent.status === 200).length;
    expect(threads.length).toBeGreaterThanOrEqual(1 + made + 2);
    expect(threads.length).toBeLessThanOrEqual(1 + outcomes.length + 2);
    expect(killedDuring + killed).toBeGreaterThanOrEqual(3);
    // A's pool reported each idle connection it lost, and the process lives on.
    expect(recorded.lines.filter((line) => line.msg === LOST).length).toBeGreaterThan(0);
  });
});
