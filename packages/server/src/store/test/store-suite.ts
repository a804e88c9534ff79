import { randomUUID } from 'node:crypto';
import type { AnswerTrace } from '@supersteward/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestDatabase } from './databases.js';
import { createSqlStore } from '../sql-store.js';
import type { Store } from '../store.js';

/** The Store contract, run against every database adapter. */
export function describeStoreSuite(name: string, open: () => Promise<TestDatabase>): void {
  describe(`store on ${name}`, () => {
    let database: TestDatabase;
    let store: Store;

    beforeEach(async () => {
      database = await open();
      store = createSqlStore(database);
    });
    afterEach(async () => {
      vi.useRealTimers();
      await database.cleanup();
    });

    async function visitor(): Promise<string> {
      const id = randomUUID();
      await store.createUser(id);
      return id;
    }

    async function ask(userId: string, question: string, threadId: string | null = null) {
      const stored = await store.addQuestion({ userId, threadId, question, threadName: question });
      if (!stored) throw new Error('question refused');
      return stored;
    }

    async function rowCount(table: 'users' | 'threads' | 'messages' | 'feedback') {
      const rows = await database.db.selectFrom(table).select('id').execute();
      return rows.length;
    }

    it('creates visitors once and knows them', async () => {
      const id = randomUUID();
      expect(await store.userExists(id)).toBe(false);
      await store.createUser(id);
      await store.createUser(id);
      expect(await store.userExists(id)).toBe(true);
      expect(await rowCount('users')).toBe(1);
    });

    it('stores a first question with its new thread', async () => {
      const user = await visitor();
      const before = Math.floor(Date.now() / 1000);
      const stored = await store.addQuestion({
        userId: user,
        threadId: null,
        question: 'Koliko košta prtljag?',
        threadName: 'Koliko košta prtljag?',
      });
      expect(stored?.createdThread).toBe(true);
      expect(stored?.userMessage).toEqual({
        role: 'user',
        content: 'Koliko košta prtljag?',
        createdAt: expect.any(Number) as number,
        message_id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
        sentiment: null,
      });
      expect(stored?.userMessage.createdAt).toBeGreaterThanOrEqual(before);
      expect(stored?.userMessage.createdAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
      const threads = await store.listThreads(user);
      expect(threads).toEqual([
        {
          thread_id: stored?.threadId,
          name: 'Koliko košta prtljag?',
          updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
        },
      ]);
      expect(await store.history(user, stored?.threadId ?? '')).toEqual([stored?.userMessage]);
    });

    it('adds to an existing thread only for its owner', async () => {
      const owner = await visitor();
      const stranger = await visitor();
      const first = await ask(owner, 'first');
      const second = await store.addQuestion({
        userId: owner,
        threadId: first.threadId,
        question: 'second',
        threadName: 'ignored',
      });
      expect(second).toMatchObject({ threadId: first.threadId, createdThread: false });
      const foreign = await store.addQuestion({
        userId: stranger,
        threadId: first.threadId,
        question: 'intrusion',
        threadName: 'x',
      });
      expect(foreign).toBeUndefined();
      const missing = await store.addQuestion({
        userId: owner,
        threadId: randomUUID(),
        question: 'lost',
        threadName: 'x',
      });
      expect(missing).toBeUndefined();
      const history = await store.history(owner, first.threadId);
      expect(history?.map((m) => m.content)).toEqual(['first', 'second']);
      expect((await store.listThreads(owner)).map((t) => t.name)).toEqual(['first']);
      expect(await store.listThreads(stranger)).toEqual([]);
      expect(await rowCount('messages')).toBe(2);
    });

    it("starts the answer in the question's transaction when asked to", async () => {
      const user = await visitor();
      const stranger = await visitor();
      const first = await store.addQuestion({
        userId: user,
        threadId: null,
        question: 'Koliko kila?',
        threadName: 'Koliko kila?',
        startAnswer: true,
      });
      expect(first?.answer).toMatchObject({
        role: 'assistant',
        content: '',
        status: 'streaming',
        sentiment: null,
      });
      expect(first?.answer?.message_id).not.toBe(first?.userMessage.message_id);
      await store.finishAnswer({
        messageId: first?.answer?.message_id ?? '',
        content: '8 kg',
        sources: [],
        status: 'complete',
      });
      const again = await store.addQuestion({
        userId: user,
        threadId: first?.threadId ?? '',
        question: 'A za psa?',
        threadName: 'x',
        startAnswer: true,
      });
      const history = await store.history(user, first?.threadId ?? '');
      expect(history?.map((m) => [m.role, m.content, m.status])).toEqual([
        ['user', 'Koliko kila?', undefined],
        ['assistant', '8 kg', undefined],
        ['user', 'A za psa?', undefined],
        ['assistant', '', 'streaming'],
      ]);
      expect(history?.[3]?.message_id).toBe(again?.answer?.message_id);
      // Not the stranger's thread: nothing stored, no answer started.
      const foreign = await store.addQuestion({
        userId: stranger,
        threadId: first?.threadId ?? '',
        question: 'mine?',
        threadName: 'x',
        startAnswer: true,
      });
      expect(foreign).toBeUndefined();
      expect(await store.history(stranger, first?.threadId ?? '')).toBeNull();
      expect(await rowCount('messages')).toBe(4);
    });

    it('writes nothing when the question cannot be stored', async () => {
      await expect(
        store.addQuestion({
          userId: randomUUID(),
          threadId: null,
          question: 'from nobody',
          threadName: 'x',
        }),
      ).rejects.toThrow();
      expect(await rowCount('threads')).toBe(0);

      // PostgreSQL refuses NUL in text after the thread row is written: the transaction must
      // take the thread back. SQLite stores it: then it must read back whole.
      const user = await visitor();
      const question = 'nul\u0000inside';
      const outcome = await store
        .addQuestion({ userId: user, threadId: null, question, threadName: 'nul' })
        .then(
          (stored) => ({ stored }),
          (error: unknown) => ({ error }),
        );
      if ('error' in outcome) {
        expect(await store.listThreads(user)).toEqual([]);
        expect(await rowCount('messages')).toBe(0);
      } else {
        const history = await store.history(user, outcome.stored?.threadId ?? '');
        expect(history?.map((m) => m.content)).toEqual([question]);
      }
    });

    it('keeps messages written in the same millisecond in order', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-06-01T10:00:00.000Z') });
      const user = await visitor();
      const { threadId } = await ask(user, 'q0');
      const expected = ['q0'];
      for (let i = 0; i < 12; i += 1) {
        const answer = await store.startAnswer(threadId);
        await store.finishAnswer({
          messageId: answer.message_id,
          content: `a${i}`,
          sources: [],
          status: 'complete',
        });
        await ask(user, `q${i + 1}`, threadId);
        expected.push(`a${i}`, `q${i + 1}`);
      }
      const history = await store.history(user, threadId);
      expect(history?.map((m) => m.content)).toEqual(expected);
      expect(new Set(history?.map((m) => m.createdAt))).toEqual(
        new Set([Date.parse('2025-06-01T10:00:00.000Z') / 1000]),
      );
    });

    it('streams an answer: started, then finished with sources', async () => {
      const user = await visitor();
      const { threadId } = await ask(user, 'Can I bring my dog?');
      const started = await store.startAnswer(threadId);
      expect(started).toMatchObject({
        role: 'assistant',
        content: '',
        sentiment: null,
        status: 'streaming',
      });
      expect((await store.history(user, threadId))?.[1]).toEqual(started);

      const sources = [
        { id: 'pets', title: 'Pets', url: 'https://example.test/pets' },
        { id: 'cabin', title: 'Cabin bags' },
      ];
      await store.finishAnswer({
        messageId: started.message_id,
        content: 'Yes, up to 8 kg.',
        sources,
        status: 'complete',
      });
      const [, answer] = (await store.history(user, threadId)) ?? [];
      expect(answer).toEqual({
        role: 'assistant',
        content: 'Yes, up to 8 kg.',
        createdAt: started.createdAt,
        message_id: started.message_id,
        sentiment: null,
        sources,
      });

      const failed = await store.startAnswer(threadId);
      await store.finishAnswer({
        messageId: failed.message_id,
        content: '',
        sources: [],
        status: 'failed',
      });
      const last = (await store.history(user, threadId))?.at(-1);
      expect(last).toMatchObject({ message_id: failed.message_id, status: 'failed', sources: [] });
    });

    it("keeps the engine's trace with the answer, apart from what the passenger sees", async () => {
      const user = await visitor();
      const { threadId, userMessage } = await ask(user, 'Can I bring my dog?');
      const started = await store.startAnswer(threadId);
      const trace: AnswerTrace = {
        version: 1,
        decision: 'answer',
        engine: 'retrieval',
        language: 'en',
        script: 'latin',
        words: [{ token: 'dog', expansions: ['dog', '_pet'] }],
        coverage: 1,
        candidates: [{ passage: 'pets#cabin', heading: 'In the cabin', score: 12.5 }],
        chosen: [
          { passage: 'pets#cabin', sentence: 'Dogs up to 8 kg fly in the cabin.', score: 9 },
        ],
        notes: ['šta, ćao: any text survives the round trip'],
      };
      await store.finishAnswer({
        messageId: started.message_id,
        content: 'Dogs up to 8 kg fly in the cabin.',
        sources: [],
        status: 'complete',
        trace,
      });
      expect(await store.answerTrace(started.message_id)).toEqual(trace);
      // Questions and answers finished without one have none; unknown ids neither.
      expect(await store.answerTrace(userMessage.message_id)).toBeNull();
      expect(await store.answerTrace(randomUUID())).toBeNull();
      const history = await store.history(user, threadId);
      expect(history?.every((m) => !('trace' in m))).toBe(true);
      const untraced = await store.startAnswer(threadId);
      await store.finishAnswer({
        messageId: untraced.message_id,
        content: 'x',
        sources: [],
        status: 'complete',
      });
      expect(await store.answerTrace(untraced.message_id)).toBeNull();
    });

    it('finishing an answer of a deleted thread changes nothing', async () => {
      const user = await visitor();
      const { threadId } = await ask(user, 'q');
      const answer = await store.startAnswer(threadId);
      await store.deleteThread(user, threadId);
      await expect(
        store.finishAnswer({
          messageId: answer.message_id,
          content: 'late',
          sources: [],
          status: 'complete',
        }),
      ).resolves.toBeUndefined();
      expect(await rowCount('messages')).toBe(0);
    });

    it('lists threads newest first, touched by answers', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-06-01T10:00:00.000Z') });
      const user = await visitor();
      const older = await ask(user, 'older');
      vi.setSystemTime(new Date('2025-06-01T10:00:01.000Z'));
      const newer = await ask(user, 'newer');
      expect((await store.listThreads(user)).map((t) => t.thread_id)).toEqual([
        newer.threadId,
        older.threadId,
      ]);
      vi.setSystemTime(new Date('2025-06-01T10:00:02.000Z'));
      await store.startAnswer(older.threadId);
      const threads = await store.listThreads(user);
      expect(threads.map((t) => t.thread_id)).toEqual([older.threadId, newer.threadId]);
      expect(threads[0]?.updated_at).toBe('2025-06-01T10:00:02.000Z');
    });

    it('finds and reads only the visitor’s own threads', async () => {
      const owner = await visitor();
      const stranger = await visitor();
      const { threadId } = await ask(owner, 'mine');
      expect(await store.findThread(owner, threadId)).toMatchObject({
        thread_id: threadId,
        name: 'mine',
      });
      expect(await store.findThread(stranger, threadId)).toBeUndefined();
      expect(await store.findThread(owner, randomUUID())).toBeUndefined();
      expect(await store.history(stranger, threadId)).toBeNull();
      expect(await store.history(owner, randomUUID())).toBeNull();
    });

    it('deletes one thread with its messages and feedback, only for its owner', async () => {
      const owner = await visitor();
      const stranger = await visitor();
      const kept = await ask(owner, 'kept');
      const doomed = await ask(owner, 'doomed');
      const answer = await store.startAnswer(doomed.threadId);
      await store.setFeedback({
        userId: owner,
        messageId: answer.message_id,
        sentiment: 'positive',
      });

      expect(await store.deleteThread(stranger, doomed.threadId)).toBe(0);
      expect(await store.deleteThread(owner, randomUUID())).toBe(0);
      expect(await rowCount('threads')).toBe(2);

      expect(await store.deleteThread(owner, doomed.threadId)).toBe(1);
      expect(await store.history(owner, doomed.threadId)).toBeNull();
      expect((await store.listThreads(owner)).map((t) => t.thread_id)).toEqual([kept.threadId]);
      expect(await rowCount('messages')).toBe(1);
      expect(await rowCount('feedback')).toBe(0);
    });

    it('deletes a visitor with everything it wrote, and no one else’s', async () => {
      const leaving = await visitor();
      const staying = await visitor();
      for (const q of ['a', 'b', 'c']) {
        const { threadId } = await ask(leaving, q);
        const answer = await store.startAnswer(threadId);
        await store.setFeedback({
          userId: leaving,
          messageId: answer.message_id,
          sentiment: 'negative',
          comment: 'no',
        });
      }
      const other = await ask(staying, 'stay');
      const otherAnswer = await store.startAnswer(other.threadId);
      await store.setFeedback({
        userId: staying,
        messageId: otherAnswer.message_id,
        sentiment: 'positive',
      });

      expect(await store.deleteUser(leaving)).toBe(3);
      expect(await store.userExists(leaving)).toBe(false);
      expect(await store.listThreads(leaving)).toEqual([]);
      expect(await rowCount('users')).toBe(1);
      expect(await rowCount('threads')).toBe(1);
      expect(await rowCount('messages')).toBe(2);
      expect(await rowCount('feedback')).toBe(1);
      expect(await store.deleteUser(leaving)).toBe(0);
    });

    it('records feedback only on the visitor’s assistant messages', async () => {
      const owner = await visitor();
      const stranger = await visitor();
      const { threadId, userMessage } = await ask(owner, 'q');
      const answer = await store.startAnswer(threadId);

      const give = (userId: string, messageId: string, sentiment: 'positive' | 'negative' | null) =>
        store.setFeedback({ userId, messageId, sentiment, comment: 'c' });
      expect(await give(owner, userMessage.message_id, 'positive')).toBe(false);
      expect(await give(stranger, answer.message_id, 'positive')).toBe(false);
      expect(await give(owner, randomUUID(), 'positive')).toBe(false);
      expect(await rowCount('feedback')).toBe(0);

      expect(await give(owner, answer.message_id, 'negative')).toBe(true);
      expect((await store.history(owner, threadId))?.[1]?.sentiment).toBe('negative');
      expect(await give(owner, answer.message_id, null)).toBe(true);
      expect((await store.history(owner, threadId))?.[1]?.sentiment).toBeNull();
      const log = await database.db
        .selectFrom('feedback')
        .select(['sentiment', 'comment', 'user_id'])
        .orderBy('created_at')
        .execute();
      expect(log).toEqual([
        { sentiment: 'negative', comment: 'c', user_id: owner },
        { sentiment: null, comment: 'c', user_id: owner },
      ]);
    });

    it('marks answers left streaming as interrupted', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-06-01T10:00:00.000Z') });
      const user = await visitor();
      const { threadId } = await ask(user, 'q');
      const abandoned = await store.startAnswer(threadId);
      const done = await store.startAnswer(threadId);
      await store.finishAnswer({
        messageId: done.message_id,
        content: 'ok',
        sources: [],
        status: 'complete',
      });
      vi.setSystemTime(new Date('2025-06-01T10:05:00.000Z'));
      const fresh = await store.startAnswer(threadId);

      expect(await store.markInterrupted(60_000)).toBe(1);
      const byId = new Map((await store.history(user, threadId))?.map((m) => [m.message_id, m]));
      expect(byId.get(abandoned.message_id)?.status).toBe('interrupted');
      expect(byId.get(done.message_id)?.status).toBeUndefined();
      expect(byId.get(fresh.message_id)?.status).toBe('streaming');
      expect(await store.markInterrupted()).toBe(1);
      expect(await store.markInterrupted()).toBe(0);
    });

    it('answers ping while open, and refuses once closed', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
      await expect(store.probeWrite()).resolves.toBeUndefined();
      await store.close();
      await expect(store.ping()).rejects.toThrow();
    });
  });
}
