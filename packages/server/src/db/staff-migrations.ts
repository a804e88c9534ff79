import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './migrations.js';

/** Staff accounts, sessions, login throttling and the audit log. */
function staffAccess(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('staff_users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_login_at', 'bigint')
        .execute();

      await db.schema
        .createTable('staff_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('staff_users.id').onDelete('cascade'),
        )
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'text')
        .execute();
      await db.schema
        .createIndex('staff_sessions_user')
        .on('staff_sessions')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('staff_login_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('first_failure_at', 'bigint', (c) => c.notNull())
        .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .execute();

      await db.schema
        .createTable('staff_audit')
        .addColumn('seq', dialect === 'sqlite' ? 'integer' : 'bigint', (c) =>
          dialect === 'sqlite'
            ? c.primaryKey().autoIncrement()
            : c.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('actor_email', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text')
        .addColumn('detail', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'staff_audit',
        'staff_login_throttle',
        'staff_sessions',
        'staff_users',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}

/** How long each answer took, question to finished answer (the overview's latency). */
const answerLatency: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('messages').addColumn('latency_ms', 'integer').execute();
    // The overview counts answers by day: the assistant messages of a range.
    await db.schema
      .createIndex('messages_role_created')
      .on('messages')
      .columns(['role', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('messages_role_created').ifExists().execute();
    await db.schema.alterTable('messages').dropColumn('latency_ms').execute();
  },
};

/** The knowledge base's published versions, regression pins, notices. */
const knowledgeAndNotices: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('knowledge_versions')
      .addColumn('version', 'integer', (c) => c.primaryKey())
      .addColumn('published_at', 'bigint', (c) => c.notNull())
      .addColumn('published_by', 'text')
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('override_reason', 'text')
      .addColumn('restored_from', 'integer')
      .addColumn('check_summary', 'text')
      .addColumn('files', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('knowledge_files')
      .addColumn('article_id', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) =>
        c.notNull().references('knowledge_versions.version').onDelete('cascade'),
      )
      .addColumn('markdown', 'text')
      .addPrimaryKeyConstraint('knowledge_files_pk', ['article_id', 'language', 'version'])
      .execute();

    await db.schema
      .createTable('regression_pins')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('question', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('expect', 'text', (c) => c.notNull())
      .addColumn('article_id', 'text')
      .addColumn('note', 'text')
      .addColumn('pinned_by', 'text')
      .addColumn('pinned_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('notices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('text_mne', 'text', (c) => c.notNull())
      .addColumn('text_en', 'text', (c) => c.notNull())
      .addColumn('topics', 'text', (c) => c.notNull())
      .addColumn('starts_at', 'bigint', (c) => c.notNull())
      .addColumn('ends_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('notices_ends').on('notices').column('ends_at').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['notices', 'regression_pins', 'knowledge_files', 'knowledge_versions']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};

/**
 * Knowledge files by their path in KNOWLEDGE_DIR (`mne/<id>.md`, `en/_lexicon.yaml`), so the
 * airline's lexicon travels with its articles. The table replaced held nothing yet.
 */
const knowledgeFilesByPath: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropTable('knowledge_files').execute();
    await db.schema
      .createTable('knowledge_files')
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) =>
        c.notNull().references('knowledge_versions.version').onDelete('cascade'),
      )
      .addColumn('content', 'text')
      .addPrimaryKeyConstraint('knowledge_files_pk', ['path', 'version'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('knowledge_files').execute();
    await db.schema
      .createTable('knowledge_files')
      .addColumn('article_id', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) =>
        c.notNull().references('knowledge_versions.version').onDelete('cascade'),
      )
      .addColumn('markdown', 'text')
      .addPrimaryKeyConstraint('knowledge_files_pk', ['article_id', 'language', 'version'])
      .execute();
  },
};

/** The staff console's migrations, after the passengers' ones (names sort after theirs). */
export function staffMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0013a_staff_access': staffAccess(dialect),
    '0013b_answer_latency': answerLatency,
    '0013c_knowledge_notices': knowledgeAndNotices,
    '0013d_knowledge_files_by_path': knowledgeFilesByPath,
  };
}
