import type { Message } from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGate, createScriptedEngine } from '../../test/scripted-engine.js';
import { httpClient } from '../../test/http-client.js';
import { startTestApp, type TestApp } from '../../test/start-app.js';

describe('ANSWER_TIMEOUT_MS', () => {
  let running: TestApp;
  // Never opened: the second piece waits until the answer is stopped.
  const stuck = createGate();

  beforeAll(async () => {
    const engine = createScriptedEngine(() => ({
      pieces: ['Partial', ' never sent'],
      beforePiece: (index) => (index === 1 ? stuck.promise : Promise.resolve()),
    }));
    running = await startTestApp({ engine, env: { ANSWER_TIMEOUT_MS: '1000' } });
  });
  afterAll(() => running.close());

  it('stops an answer that takes longer and stores what it had as interrupted', async () => {
    const http = httpClient(running.url);
    const visitor = await http.createVisitor();
    const started = Date.now();
    const sent = await http.call('answer', {
      uuid: visitor,
      body: { question: 'Will this ever end?' },
    });
    const took = Date.now() - started;
    expect(sent.status).toBe(503);
    expect(took).toBeGreaterThanOrEqual(1_000);
    expect(took).toBeLessThan(10_000);
    expect(running.app.answersInFlight()).toBe(0);
    const threads = (await http.call('threads', { uuid: visitor })).body as Array<{
      thread_id: string;
    }>;
    const history = (
      await http.call('history', { params: { id: threads[0]!.thread_id }, uuid: visitor })
    ).body as Message[];
    expect(history.map((m) => [m.role, m.content, m.status ?? 'complete'])).toEqual([
      ['user', 'Will this ever end?', 'complete'],
      ['assistant', 'Partial', 'interrupted'],
    ]);
  });
});
