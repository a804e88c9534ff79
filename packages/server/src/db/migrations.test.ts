import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqlStore } from '../store/sql-store.js';
import { testDatabases, type TestDatabase } from '../store/test/databases.js';
import { migratorFor } from './open-database.js';

/** PostgreSQL's introspection sees every schema (other runs' too): this run's own, or none on SQLite. */
async function ownSchema(database: TestDatabase): Promise<string | undefined> {
  if (database.dialect !== 'postgres') return undefined;
  return (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db))
    .rows[0]?.schema;
}

for (const kind of testDatabases()) {
  describe(`migrations on ${kind.name}`, () => {
    let database: TestDatabase | undefined;
    afterEach(async () => {
      await database?.cleanup();
      database = undefined;
    });

    it('adds the nullable messages.trace column to a database with answers in it, and removes it again', async () => {
      database = await kind.open();
      const { db } = database;
      const migrator = await migratorFor(database);
      // Back to the schema before the trace existed, with an answer stored there.
      const down = await migrator.migrateTo('0001_initial');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => r.migrationName)).toContain('0002_message_trace');
      const store = createSqlStore(database);
      await store.createUser('u1');
      const stored = await store.addQuestion({
        userId: 'u1',
        threadId: null,
        question: 'q',
        threadName: 'q',
      });
      const schema = await ownSchema(database);
      const columns = async () =>
        (await db.introspection.getTables())
          .find((t) => t.name === 'messages' && t.schema === schema)
          ?.columns.map((c) => c.name) ?? [];
      expect(await columns()).not.toContain('trace');

      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      expect(await columns()).toContain('trace');
      const rows = await sql<{
        content: string;
        trace: string | null;
      }>`select content, trace from messages`.execute(db);
      expect(rows.rows).toEqual([{ content: 'q', trace: null }]);
      expect(await store.answerTrace(stored?.userMessage.message_id ?? '')).toBeNull();
    });

    it('adds the staff tables and messages.latency_ms to a database in use, and removes them again', async () => {
      database = await kind.open();
      const { db } = database;
      const migrator = await migratorFor(database);
      const down = await migrator.migrateTo('0002_message_trace');
      expect(down.error).toBeUndefined();
      const schema = await ownSchema(database);
      const tables = async () =>
        (await db.introspection.getTables()).filter((t) => t.schema === schema).map((t) => t.name);
      expect(await tables()).not.toContain('staff_users');
      const store = createSqlStore(database);
      await store.createUser('u1');
      await store.addQuestion({ userId: 'u1', threadId: null, question: 'q', threadName: 'q' });

      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      expect(await tables()).toEqual(
        expect.arrayContaining([
          'staff_users',
          'staff_sessions',
          'staff_login_throttle',
          'staff_audit',
          'knowledge_versions',
          'knowledge_files',
          'regression_pins',
          'notices',
        ]),
      );
      const rows = await sql<{ content: string; latency_ms: number | null }>`
        select content, latency_ms from messages`.execute(db);
      expect(rows.rows).toEqual([{ content: 'q', latency_ms: null }]);
    });
  });
}
