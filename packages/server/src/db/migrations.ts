import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { staffMigrations } from './staff-migrations.js';

export type Dialect = 'sqlite' | 'postgres';

/**
 * The schema, written once with Kysely's builder. Only the auto-incrementing `messages.seq`
 * needs a per-dialect spelling; everything else is text, bigint epoch-ms and integer.
 */
function initial(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('language', 'text')
        .execute();

      await db.schema
        .createTable('threads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('threads_user_updated')
        .on('threads')
        .columns(['user_id', 'updated_at'])
        .execute();

      await db.schema
        .createTable('messages')
        .addColumn('seq', dialect === 'sqlite' ? 'integer' : 'bigint', (c) =>
          dialect === 'sqlite'
            ? c.primaryKey().autoIncrement()
            : c.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('thread_id', 'text', (c) =>
          c.notNull().references('threads.id').onDelete('cascade'),
        )
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sentiment', 'text')
        .addColumn('sources', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('complete'))
        .execute();
      await db.schema
        .createIndex('messages_thread_created')
        .on('messages')
        .columns(['thread_id', 'created_at', 'seq'])
        .execute();
      // markInterrupted looks for answers left streaming.
      await db.schema.createIndex('messages_status').on('messages').column('status').execute();

      await db.schema
        .createTable('feedback')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('message_id', 'text', (c) =>
          c.notNull().references('messages.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('sentiment', 'text')
        .addColumn('comment', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('feedback_message').on('feedback').column('message_id').execute();

      await db.schema
        .createTable('quota_counters')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('quota_counters_pk', ['key', 'day'])
        .execute();
      await db.schema
        .createIndex('quota_counters_day')
        .on('quota_counters')
        .column('day')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['quota_counters', 'feedback', 'messages', 'threads', 'users']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}

/**
 * The engine's trace of each answer (decision, language, candidate sections, chosen sentences),
 * as JSON text in both dialects, like `sources`: nullable, so earlier answers stay as they are.
 */
const messageTrace: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('messages').addColumn('trace', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('messages').dropColumn('trace').execute();
  },
};

/** Migrations kept in code so the built server needs no migration files on disk. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    getMigrations: () =>
      Promise.resolve({
        '0001_initial': initial(dialect),
        '0002_message_trace': messageTrace,
        ...staffMigrations(dialect),
      }),
  };
}
