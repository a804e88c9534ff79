import type { AnswerResponse, AnswerTrace } from '@supersteward/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeKnowledge } from '../../answer/knowledge/test/fixture.js';
import { createRetrievalEngine, type RetrievalEngine } from '../../answer/retrieval/engine.js';
import { httpClient, type HttpClient } from '../../test/http-client.js';
import { startTestApp, type TestApp } from '../../test/start-app.js';

describe("the engine's trace is stored with each answer", () => {
  let running: TestApp;
  let http: HttpClient;
  let engine: RetrievalEngine;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const written = await writeKnowledge();
    cleanup = written.cleanup;
    engine = await createRetrievalEngine({
      knowledgeDir: written.dir,
      supportEmail: 'help@airline.test',
      airlineName: 'Test Air',
      logger: pino({ level: 'silent' }),
      watch: false,
    });
    running = await startTestApp({ engine });
    http = httpClient(running.url);
  });
  afterAll(async () => {
    await running.close();
    await engine.close();
    await cleanup();
  });

  async function traceOf(
    visitor: string,
    question: string,
    threadId: string | null = null,
  ): Promise<{ trace: AnswerTrace | null; body: AnswerResponse; raw: string }> {
    const sent = await http.call('answer', {
      uuid: visitor,
      body: { question, thread_id: threadId },
    });
    expect(sent.status).toBe(200);
    const body = sent.body as AnswerResponse;
    const answer = body.all_messages.at(-1);
    return {
      trace: await running.store.answerTrace(answer?.message_id ?? ''),
      body,
      raw: JSON.stringify(sent.body),
    };
  }

  it('answer, small talk and out of scope each leave their decision, language and candidates; the passenger never sees it', async () => {
    const visitor = await http.createVisitor();
    const answered = await traceOf(visitor, 'Koliko kila smije imati ručni prtljag?');
    expect(answered.trace).toMatchObject({
      version: 1,
      decision: 'answer',
      engine: 'retrieval',
      language: 'mne',
      script: 'latin',
    });
    expect(answered.trace?.candidates[0]?.passage).toMatch(/^cabin-baggage#/);
    expect(answered.trace?.chosen.map((c) => c.sentence).join(' ')).toBe(
      answered.body.all_messages.at(-1)?.content,
    );
    expect(answered.raw).not.toContain('"trace"');
    expect(answered.raw).not.toContain('candidates');

    const thanks = await traceOf(visitor, 'hvala', answered.body.thread_id);
    expect(thanks.trace).toMatchObject({ decision: 'small_talk', chosen: [] });

    const weather = await traceOf(visitor, 'What is the weather in Paris tomorrow?');
    expect(weather.trace).toMatchObject({ decision: 'out_of_scope', language: 'en', chosen: [] });

    const history = await http.call('history', {
      params: { id: answered.body.thread_id },
      uuid: visitor,
    });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain('Koliko kila');
    expect(JSON.stringify(history.body)).not.toContain('candidates');
  });
});
