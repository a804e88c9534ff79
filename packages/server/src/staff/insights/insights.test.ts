import {
  STAFF_ENDPOINTS,
  type AnswerResponse,
  type AuditPage,
  type Conversation,
  type ConversationPage,
  type Gaps,
  type Overview,
  type Sentiment,
} from '@supersteward/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabase } from '../../store/test/databases.js';
import { httpClient } from '../../test/http-client.js';
import type { TestApp } from '../../test/start-app.js';
import { startSampleStaffApp } from '../test/sample-app.js';
import { staffClient, type StaffClient } from '../test/staff-client.js';
import { dayOf } from './days.js';

describe.each(testDatabases())('staff insights on $name', (kind) => {
  let database: TestDatabase;
  let running: TestApp;
  let viewer: StaffClient;
  let admin: StaffClient;
  const clock = { now: Date.now() };
  const visitors: string[] = [];
  const threads: Record<string, string> = {};
  let negativeId = '';

  const ask = async (visitor: string, question: string, threadId?: string) => {
    const sent = await httpClient(running.url).send('POST', '/assistant/answer', {
      uuid: visitor,
      json: { question, thread_id: threadId ?? null },
    });
    return sent.body as AnswerResponse;
  };

  beforeAll(async () => {
    database = await kind.open();
    const started = await startSampleStaffApp(database, clock, ['viewer', 'admin']);
    running = started.running;
    ({ viewer, admin } = started.as);

    const http = httpClient(running.url);
    for (let i = 0; i < 3; i += 1) visitors.push(await http.createVisitor());
    const [a = '', b = '', c = ''] = visitors;
    const baggage = await ask(a, 'Koliko kila smije biti ručni prtljag?');
    threads.baggage = baggage.thread_id;
    await ask(a, 'Zdravo', baggage.thread_id);
    const cat = await ask(b, 'How much does it cost to bring my cat on board?');
    threads.cat = cat.thread_id;
    const insurance = await ask(b, 'Do you sell travel insurance?');
    threads.insurance = insurance.thread_id;
    await ask(c, 'Do you sell travel insurance for children?');
    await ask(c, 'Do you rent cars at the airport?');
    await ask(c, 'Koliki je FAIL! prtljag?');
    // A failed answer is a 502 to the passenger: its thread is the visitor's newest.
    threads.failed = (await running.store.listThreads(c))[0]?.thread_id ?? '';

    const rate = (messageId: string, sentiment: Sentiment, comment?: string) =>
      http.call('feedback', {
        uuid: visitors[1],
        body: { message_id: messageId, sentiment, ...(comment && { comment }) },
      });
    const catAnswer = cat.all_messages.at(-1)?.message_id ?? '';
    negativeId = catAnswer;
    await rate(catAnswer, 'positive');
    await rate(catAnswer, 'negative', 'I asked about a <b>kitten</b>, not a cat');
    const insuranceAnswer = insurance.all_messages.at(-1)?.message_id ?? '';
    await rate(insuranceAnswer, 'positive');
  });
  afterAll(async () => {
    await running.close();
    await database.cleanup();
  });

  it('counts questions, outcomes, feedback, languages, cited articles and latency', async () => {
    const sent = await viewer.call(STAFF_ENDPOINTS.overview);
    expect(sent.status).toBe(200);
    const body = sent.body as Overview;
    expect(body.to).toBe(dayOf(clock.now));
    expect(body.per_day).toHaveLength(30);
    expect(body.questions).toBe(7);
    expect(body.per_day.at(-1)).toMatchObject({ day: body.to, questions: 7 });
    expect(body.last_day_per_hour).toHaveLength(24);
    expect(body.last_day_per_hour.reduce((n, h) => n + h.questions, 0)).toBe(7);
    expect(body.outcomes).toEqual({ answered: 2, out_of_scope: 3, small_talk: 1, failed: 1 });
    expect(body.per_day.at(-1)?.outcomes).toEqual(body.outcomes);
    expect(body.feedback).toEqual({ positive: 1, negative: 1 });
    expect(body.by_language).toEqual([
      { language: 'en', questions: 4 },
      { language: 'mne', questions: 2 },
    ]);
    expect(body.top_articles.map((a) => a.id).sort()).toEqual(['cabin-baggage', 'pets-cabin']);
    expect(body.top_articles.find((a) => a.id === 'pets-cabin')?.title).toMatch(/cabin/i);
    expect(body.latency.count).toBe(6);
    expect(body.latency.p50_ms).toBeGreaterThanOrEqual(0);
    expect(body.latency.p99_ms).toBeGreaterThanOrEqual(body.latency.p50_ms ?? 0);
  });

  it('takes a date range of whole days and refuses a bad one', async () => {
    const yesterday = dayOf(clock.now - 86_400_000);
    const past = (
      await viewer.call(STAFF_ENDPOINTS.overview, {
        query: { from: yesterday, to: yesterday },
      })
    ).body as Overview;
    expect(past.questions).toBe(0);
    expect(past.per_day).toEqual([
      {
        day: yesterday,
        questions: 0,
        outcomes: { answered: 0, out_of_scope: 0, small_talk: 0, failed: 0 },
      },
    ]);
    const bad: Record<string, string>[] = [
      { from: '2026-02-30' },
      { from: '2026-03-02', to: '2026-03-01' },
      { from: '2020-01-01', to: '2026-01-01' },
      { from: 'yesterday' },
    ];
    for (const query of bad) {
      const sent = await viewer.call(STAFF_ENDPOINTS.overview, { query });
      expect(sent.status, JSON.stringify(query)).toBe(400);
    }
  });

  it('groups unanswered questions by similarity, biggest first, with examples and the nearest article', async () => {
    const body = (await viewer.call(STAFF_ENDPOINTS.gaps)).body as Gaps;
    const [first, second] = body.groups;
    expect(first?.count).toBe(2);
    expect(first?.words).toEqual(expect.arrayContaining(['travel', 'insurance']));
    expect(first?.examples.map((e) => e.question)).toEqual([
      'Do you sell travel insurance for children?',
      'Do you sell travel insurance?',
    ]);
    expect(first?.language).toBe('en');
    expect(second?.count).toBe(1);
    expect(second?.examples[0]?.question).toBe('Do you rent cars at the airport?');
    expect(second?.nearest_article).toMatchObject({ language: 'en' });
    expect(second?.nearest_article?.title).toBeTruthy();

    const newest = (await viewer.call(STAFF_ENDPOINTS.gaps, { query: { sort: 'newest' } }))
      .body as Gaps;
    expect(newest.groups[0]?.examples[0]?.question).toBe('Do you rent cars at the airport?');
    const mne = (await viewer.call(STAFF_ENDPOINTS.gaps, { query: { language: 'mne' } }))
      .body as Gaps;
    expect(mne.groups).toEqual([]);
  });

  it('lists thumbs-down answers with the comment, the question and the answer', async () => {
    const body = (await viewer.call(STAFF_ENDPOINTS.gaps)).body as Gaps;
    expect(body.negative_feedback).toHaveLength(1);
    expect(body.negative_feedback[0]).toMatchObject({
      message_id: negativeId,
      thread_id: threads.cat,
      question: 'How much does it cost to bring my cat on board?',
      comment: 'I asked about a <b>kitten</b>, not a cat',
      language: 'en',
    });
    expect(body.negative_feedback[0]?.answer).toMatch(/EUR 30/);
    expect(body.negative_feedback[0]?.sources[0]).toMatchObject({
      id: 'pets-cabin',
      language: 'en',
    });
  });

  it('searches conversations newest first, filters them, pages through them', async () => {
    const all = (await viewer.call(STAFF_ENDPOINTS.conversations)).body as ConversationPage;
    expect(all.conversations).toHaveLength(7 - 1);
    expect(all.next_before).toBeNull();
    const visitorIds = new Set(all.conversations.map((c) => c.visitor));
    expect(visitorIds.size).toBe(3);
    for (const c of all.conversations) {
      expect(c.visitor).toMatch(/^[0-9a-f]{8}$/);
      expect(visitors.some((v) => v.includes(c.visitor))).toBe(false);
    }
    const baggage = all.conversations.find((c) => c.thread_id === threads.baggage);
    expect(baggage).toMatchObject({ questions: 2, language: 'mne', has_unanswered: false });

    const search = async (query: Record<string, string | number>) =>
      (
        (await viewer.call(STAFF_ENDPOINTS.conversations, { query })).body as ConversationPage
      ).conversations.map((c) => c.thread_id);
    expect(await search({ q: 'KITTEN' })).toEqual([]);
    expect(await search({ q: 'cat on' })).toEqual([threads.cat]);
    expect(await search({ q: '100%' })).toEqual([]);
    expect(await search({ sentiment: 'negative' })).toEqual([threads.cat]);
    expect(await search({ outcome: 'failed' })).toEqual([threads.failed]);
    expect((await search({ outcome: 'out_of_scope' })).length).toBe(3);
    expect(await search({ outcome: 'small_talk' })).toEqual([threads.baggage]);

    const first = (await viewer.call(STAFF_ENDPOINTS.conversations, { query: { limit: 4 } }))
      .body as ConversationPage;
    expect(first.conversations).toHaveLength(4);
    const rest = (
      await viewer.call(STAFF_ENDPOINTS.conversations, {
        query: { limit: 4, before: first.next_before ?? '' },
      })
    ).body as ConversationPage;
    expect(rest.conversations).toHaveLength(2);
    expect(rest.next_before).toBeNull();
    expect(
      new Set([...first.conversations, ...rest.conversations].map((c) => c.thread_id)).size,
    ).toBe(6);
    const bad = await viewer.call(STAFF_ENDPOINTS.conversations, { query: { before: 'nope' } });
    expect(bad.status).toBe(400);
  });

  it('reads a thread with each answer’s sources, outcome, latency and retrieval trace; the read is audited', async () => {
    const sent = await viewer.call(STAFF_ENDPOINTS.conversation, {
      params: { id: threads.baggage ?? '' },
    });
    expect(sent.status).toBe(200);
    const body = sent.body as Conversation;
    expect(body.messages.map((m) => [m.role, m.outcome])).toEqual([
      ['user', null],
      ['assistant', 'answered'],
      ['user', null],
      ['assistant', 'small_talk'],
    ]);
    const answer = body.messages[1];
    expect(answer?.sources[0]?.id).toBe('cabin-baggage');
    expect(answer?.trace).toMatchObject({ decision: 'answer', language: 'mne' });
    expect(answer?.trace?.candidates[0]?.passage).toMatch(/^cabin-baggage#/);
    expect(answer?.latency_ms).toBeGreaterThanOrEqual(0);
    expect(body.messages[0]?.trace).toBeNull();
    expect(JSON.stringify(body)).not.toContain(visitors[0]);

    const cat = (
      await viewer.call(STAFF_ENDPOINTS.conversation, { params: { id: threads.cat ?? '' } })
    ).body as Conversation;
    expect(cat.messages[1]).toMatchObject({
      sentiment: 'negative',
      feedback_comment: 'I asked about a <b>kitten</b>, not a cat',
    });
    const failed = (
      await viewer.call(STAFF_ENDPOINTS.conversation, { params: { id: threads.failed ?? '' } })
    ).body as Conversation;
    expect(failed.messages[1]).toMatchObject({ status: 'failed', outcome: 'failed', trace: null });

    const missing = await viewer.call(STAFF_ENDPOINTS.conversation, { params: { id: 'nope' } });
    expect(missing.status).toBe(404);
    const audit = (
      await admin.call(STAFF_ENDPOINTS.audit, { query: { action: 'conversation.read' } })
    ).body as AuditPage;
    expect(audit.entries.map((e) => e.target)).toContain(threads.baggage);
    expect(audit.entries[0]?.actor_email).toBe('viewer@airline.example');
  });

  it('gives none of it without a session or with a passenger uuid', async () => {
    for (const endpoint of [
      STAFF_ENDPOINTS.overview,
      STAFF_ENDPOINTS.gaps,
      STAFF_ENDPOINTS.conversations,
    ]) {
      expect((await staffClient(running.url).call(endpoint)).status).toBe(401);
      const asPassenger = await staffClient(running.url).call(endpoint, {
        headers: { uuid: visitors[0] ?? '' },
      });
      expect(asPassenger.status).toBe(401);
    }
    const thread = await staffClient(running.url).call(STAFF_ENDPOINTS.conversation, {
      params: { id: threads.cat ?? '' },
      headers: { uuid: visitors[1] ?? '' },
    });
    expect(thread.status).toBe(401);
    expect(thread.text).not.toContain('cat');
  });
});
