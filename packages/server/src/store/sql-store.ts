import { randomUUID } from 'node:crypto';
import type { Message, Source, Thread } from '@supersteward/contract';
import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/open-database.js';
import type { MessagesTable } from '../db/schema.js';
import type { Store } from './store.js';

type MessageRow = Pick<
  Selectable<MessagesTable>,
  'id' | 'role' | 'content' | 'created_at' | 'sentiment' | 'sources' | 'status'
>;

const MESSAGE_COLUMNS = [
  'id',
  'role',
  'content',
  'created_at',
  'sentiment',
  'sources',
  'status',
] as const;

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

function toThread(row: { id: string; name: string; updated_at: number }): Thread {
  return {
    thread_id: row.id,
    name: row.name,
    updated_at: new Date(Number(row.updated_at)).toISOString(),
  };
}

/** The Store port over Kysely: the same code for SQLite and PostgreSQL. */
export function createSqlStore(database: Database): Store {
  const { db } = database;

  const ownedThread = (userId: string, threadId: string) =>
    db
      .selectFrom('threads')
      .select(['id', 'name', 'updated_at'])
      .where('id', '=', threadId)
      .where('user_id', '=', userId);

  return {
    async createUser(userId) {
      await db
        .insertInto('users')
        .values({ id: userId, created_at: Date.now(), language: null })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    async userExists(userId) {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async listThreads(userId) {
      const rows = await db
        .selectFrom('threads')
        .select(['id', 'name', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map(toThread);
    },

    async findThread(userId, threadId) {
      const row = await ownedThread(userId, threadId).executeTakeFirst();
      return row && toThread(row);
    },

    async history(userId, threadId) {
      const thread = await ownedThread(userId, threadId).executeTakeFirst();
      if (!thread) return null;
      const rows = await db
        .selectFrom('messages')
        .select(MESSAGE_COLUMNS)
        .where('thread_id', '=', threadId)
        .orderBy('created_at')
        .orderBy('seq')
        .execute();
      return rows.map(toMessage);
    },

    async addQuestion({ userId, threadId, question, threadName }) {
      return db.transaction().execute(async (trx) => {
        const now = Date.now();
        let id = threadId;
        if (id === null) {
          id = randomUUID();
          await trx
            .insertInto('threads')
            .values({ id, user_id: userId, name: threadName, created_at: now, updated_at: now })
            .execute();
        } else {
          const touched = await trx
            .updateTable('threads')
            .set({ updated_at: now })
            .where('id', '=', id)
            .where('user_id', '=', userId)
            .executeTakeFirst();
          if (touched.numUpdatedRows === 0n) return undefined;
        }
        const row: MessageRow = {
          id: randomUUID(),
          role: 'user',
          content: question,
          created_at: now,
          sentiment: null,
          sources: null,
          status: 'complete',
        };
        await trx
          .insertInto('messages')
          .values({ ...row, thread_id: id })
          .execute();
        return { threadId: id, createdThread: threadId === null, userMessage: toMessage(row) };
      });
    },

    async startAnswer(threadId) {
      return db.transaction().execute(async (trx) => {
        const now = Date.now();
        const row: MessageRow = {
          id: randomUUID(),
          role: 'assistant',
          content: '',
          created_at: now,
          sentiment: null,
          sources: null,
          status: 'streaming',
        };
        await trx
          .insertInto('messages')
          .values({ ...row, thread_id: threadId })
          .execute();
        await trx
          .updateTable('threads')
          .set({ updated_at: now })
          .where('id', '=', threadId)
          .execute();
        return toMessage(row);
      });
    },

    async finishAnswer({ messageId, content, sources, status }) {
      await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('messages')
          .set({ content, sources: JSON.stringify(sources), status })
          .where('id', '=', messageId)
          .returning('thread_id')
          .executeTakeFirst();
        // The thread may have been deleted while the answer was produced: nothing to touch.
        if (!updated) return;
        await trx
          .updateTable('threads')
          .set({ updated_at: Date.now() })
          .where('id', '=', updated.thread_id)
          .execute();
      });
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

    close: () => database.close(),
  };
}
