import { statfs } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { AnswerTrace, Message, Source, Thread } from '@supersteward/contract';
import { sql, type Selectable } from 'kysely';
import { compileOnce } from '../db/compiled-query.js';
import type { Database } from '../db/open-database.js';
import type { MessagesTable } from '../db/schema.js';
import type { Store, StoredQuestion } from './store.js';

type MessageRow = Pick<
  Selectable<MessagesTable>,
  'id' | 'role' | 'content' | 'created_at' | 'sentiment' | 'sources' | 'status'
>;

export function toMessage(row: MessageRow): Message {
  const message: Message = {
    role: row.role,
    content: row.content,
    createdAt: Math.floor(Number(row.created_at) / 1000),
    message_id: row.id,
    sentiment: row.sentiment ?? null,
  };
  if (row.sources !== null) message.sources = JSON.parse(row.sources) as Source[];
  if (row.status !== 'complete') message.status = row.status;
  return message;
}

// A visitor's thread list is read far more often than its threads change: the ISO form of an
// instant is remembered instead of formatted again for every thread of every list.
const isoForms = new Map<number, string>();
function isoOf(epochMs: number): string {
  let iso = isoForms.get(epochMs);
  if (iso === undefined) {
    iso = new Date(epochMs).toISOString();
    if (isoForms.size >= 10_000) isoForms.clear();
    isoForms.set(epochMs, iso);
  }
  return iso;
}

function toThread(row: { id: string; name: string; updated_at: number }): Thread {
  return {
    thread_id: row.id,
    name: row.name,
    updated_at: isoOf(Number(row.updated_at)),
  };
}

/**
 * The Store port over Kysely: the same code for SQLite and PostgreSQL. The queries of the
 * passenger's hot paths (visitor check, thread list, history, asking, answering) are compiled
 * once (db/compiled-query.ts) and run as prepared statements; the rest are built per call.
 */
/** Below this much free room in the SQLite folder the store reports it cannot write. */
const MIN_FREE_BYTES = 1024 * 1024;

export function createSqlStore(database: Database): Store {
  const { db } = database;
  // Statements outside transactions (the visitor check, thread list and history of every
  // passenger request, an answer's progress): at once on SQLite.
  const reads = database.direct ?? db;

  const ownedThread = (userId: string, threadId: string) =>
    db
      .selectFrom('threads')
      .select(['id', 'name', 'updated_at'])
      .where('id', '=', threadId)
      .where('user_id', '=', userId);

  const userById = compileOnce((p: { id: string }) =>
    db.selectFrom('users').select('id').where('id', '=', p.id),
  );
  const threadsOf = compileOnce((p: { userId: string }) =>
    db
      .selectFrom('threads')
      .select(['id', 'name', 'updated_at'])
      .where('user_id', '=', p.userId)
      .orderBy('updated_at', 'desc')
      .orderBy('created_at', 'desc'),
  );
  // One query for "is it this visitor's thread" and "its messages": a thread with no message
  // yet is one row of nulls, a thread that is not the visitor's is no row.
  const historyOf = compileOnce((p: { userId: string; threadId: string }) =>
    db
      .selectFrom('threads')
      .leftJoin('messages', 'messages.thread_id', 'threads.id')
      .select([
        'messages.id',
        'messages.role',
        'messages.content',
        'messages.created_at',
        'messages.sentiment',
        'messages.sources',
        'messages.status',
      ])
      .where('threads.id', '=', p.threadId)
      .where('threads.user_id', '=', p.userId)
      .orderBy('messages.created_at')
      .orderBy('messages.seq'),
  );
  const insertThread = compileOnce((p: { id: string; userId: string; name: string; now: number }) =>
    db.insertInto('threads').values({
      id: p.id,
      user_id: p.userId,
      name: p.name,
      created_at: p.now,
      updated_at: p.now,
    }),
  );
  const touchOwnedThread = compileOnce((p: { id: string; userId: string; now: number }) =>
    db
      .updateTable('threads')
      .set({ updated_at: p.now })
      .where('id', '=', p.id)
      .where('user_id', '=', p.userId),
  );
  const touchThread = compileOnce((p: { id: string; now: number }) =>
    db.updateTable('threads').set({ updated_at: p.now }).where('id', '=', p.id),
  );
  const insertMessage = compileOnce((p: MessageRow & { threadId: string }) =>
    db.insertInto('messages').values({
      id: p.id,
      thread_id: p.threadId,
      role: p.role,
      content: p.content,
      created_at: p.created_at,
      sentiment: p.sentiment,
      sources: p.sources,
      status: p.status,
    }),
  );
  const finishMessage = compileOnce(
    (p: {
      id: string;
      content: string;
      sources: string;
      status: MessageRow['status'];
      trace: string | null;
      now: number;
    }) =>
      db
        .updateTable('messages')
        .set({
          content: p.content,
          sources: p.sources,
          status: p.status,
          trace: p.trace,
          // The answer message is created right after the question is stored: its age now is
          // how long the passenger waited for the whole answer.
          latency_ms: sql<number>`${p.now} - created_at`,
        })
        .where('id', '=', p.id)
        .returning('thread_id'),
  );

  // Once a second while a long answer streams.
  const progressOf = compileOnce((p: { id: string; content: string }) =>
    db
      .updateTable('messages')
      .set({ content: p.content })
      .where('id', '=', p.id)
      .where('status', '=', 'streaming'),
  );

  const newMessage = (role: MessageRow['role'], content: string, now: number): MessageRow => ({
    id: randomUUID(),
    role,
    content,
    created_at: now,
    sentiment: null,
    sources: null,
    status: role === 'assistant' ? 'streaming' : 'complete',
  });

  return {
    async createUser(userId) {
      await db
        .insertInto('users')
        .values({ id: userId, created_at: Date.now(), language: null })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    async userExists(userId) {
      const { rows } = await userById(reads, { id: userId });
      return rows.length > 0;
    },

    async listThreads(userId) {
      const { rows } = await threadsOf(reads, { userId });
      return rows.map(toThread);
    },

    async findThread(userId, threadId) {
      const row = await ownedThread(userId, threadId).executeTakeFirst();
      return row && toThread(row);
    },

    async history(userId, threadId) {
      const { rows } = await historyOf(reads, { userId, threadId });
      if (rows.length === 0) return null;
      return rows.flatMap((row) => (row.id === null ? [] : [toMessage(row as MessageRow)]));
    },

    async addQuestion({ userId, threadId, question, threadName, startAnswer, first }) {
      return db.transaction().execute(async (trx) => {
        const now = Date.now();
        let id = threadId;
        if (id === null) {
          id = randomUUID();
          await insertThread(trx, { id, userId, name: threadName, now });
        } else {
          const touched = await touchOwnedThread(trx, { id, userId, now });
          if (touched.numAffectedRows === 0n) return undefined;
        }
        // After the thread check (a thread not the visitor's commits nothing), before the rows.
        if (first) await first(trx);
        const row = newMessage('user', question, now);
        await insertMessage(trx, { ...row, threadId: id });
        const stored: StoredQuestion = {
          threadId: id,
          createdThread: threadId === null,
          userMessage: toMessage(row),
        };
        if (startAnswer) {
          const answer = newMessage('assistant', '', now);
          await insertMessage(trx, { ...answer, threadId: id });
          stored.answer = toMessage(answer);
        }
        return stored;
      });
    },

    async startAnswer(threadId) {
      return db.transaction().execute(async (trx) => {
        const now = Date.now();
        const row = newMessage('assistant', '', now);
        await insertMessage(trx, { ...row, threadId });
        await touchThread(trx, { id: threadId, now });
        return toMessage(row);
      });
    },

    async finishAnswer({ messageId, content, sources, status, trace }) {
      await db.transaction().execute(async (trx) => {
        const { rows } = await finishMessage(trx, {
          id: messageId,
          content,
          sources: JSON.stringify(sources),
          status,
          trace: trace ? JSON.stringify(trace) : null,
          now: Date.now(),
        });
        // The thread may have been deleted while the answer was produced: nothing to touch.
        const threadId = rows[0]?.thread_id;
        if (threadId === undefined) return;
        await touchThread(trx, { id: threadId, now: Date.now() });
      });
    },

    async saveProgress(messageId, content) {
      await progressOf(reads, { id: messageId, content });
    },

    async answerTrace(messageId) {
      const row = await db
        .selectFrom('messages')
        .select('trace')
        .where('id', '=', messageId)
        .executeTakeFirst();
      return row?.trace ? (JSON.parse(row.trace) as AnswerTrace) : null;
    },

    async deleteThread(userId, threadId) {
      const result = await db
        .deleteFrom('threads')
        .where('id', '=', threadId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteUser(userId) {
      return db.transaction().execute(async (trx) => {
        const threads = await trx
          .deleteFrom('threads')
          .where('user_id', '=', userId)
          .executeTakeFirst();
        await trx.deleteFrom('users').where('id', '=', userId).execute();
        return Number(threads.numDeletedRows);
      });
    },

    async setFeedback({ userId, messageId, sentiment, comment }) {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('messages')
          .set({ sentiment })
          .where('id', '=', messageId)
          .where('role', '=', 'assistant')
          .where('thread_id', 'in', (eb) =>
            eb.selectFrom('threads').select('id').where('user_id', '=', userId),
          )
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) return false;
        await trx
          .insertInto('feedback')
          .values({
            id: randomUUID(),
            message_id: messageId,
            user_id: userId,
            sentiment,
            comment: comment ?? null,
            created_at: Date.now(),
          })
          .execute();
        return true;
      });
    },

    async markInterrupted(olderThanMs = 0) {
      const result = await db
        .updateTable('messages')
        .set({ status: 'interrupted' })
        .where('status', '=', 'streaming')
        .where('created_at', '<=', Date.now() - olderThanMs)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async ping() {
      await sql`select 1`.execute(db);
    },

    // A row of the daily counters (pruned with them), rewritten on every probe. SQLite may still
    // commit into log pages it already has on a full disk, so its folder's free room is checked too.
    async probeWrite() {
      if (database.dataDir !== undefined) {
        const room = await statfs(database.dataDir);
        if (room.bavail * room.bsize < MIN_FREE_BYTES) {
          throw Object.assign(new Error(`disk full (${database.dataDir})`), { code: 'ENOSPC' });
        }
      }
      const day = new Date().toISOString().slice(0, 10);
      await db
        .insertInto('quota_counters')
        .values({ key: 'readiness-probe', day, count: 0 })
        .onConflict((oc) => oc.columns(['key', 'day']).doUpdateSet({ count: 0 }))
        .execute();
    },

    close: () => database.close(),
  };
}
