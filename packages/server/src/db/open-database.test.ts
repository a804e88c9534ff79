import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqlStore } from '../store/sql-store.js';
import { createTestPostgresSchema } from '../store/test/databases.js';
import { BACKSTOP_CHECKPOINT_PAGES, CHECKPOINT_FRAMES } from './checkpointer.js';
import { migrationProvider } from './migrations.js';
import { openDatabase, SQLITE_FILE_NAME } from './open-database.js';

const logger = pino({ level: 'silent' });

describe('openDatabase on SQLite', () => {
  let parent: string;
  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'supersteward-db-'));
  });
  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('creates the data dir and file, with WAL, a busy timeout and foreign keys', async () => {
    const dataDir = join(parent, 'nested', 'data');
    const database = await openDatabase({ dataDir, logger });
    try {
      expect(database.dialect).toBe('sqlite');
      expect(existsSync(join(dataDir, SQLITE_FILE_NAME))).toBe(true);
      const pragma = async (name: string) =>
        Object.values(
          (await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] ?? {},
        )[0] as unknown;
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
    } finally {
      await database.close();
      await database.close();
    }
  });

  it('rethrows the error of a transaction SQLite ended itself, not the failed rollback', async () => {
    const database = await openDatabase({ dataDir: parent, logger });
    try {
      const cause = new Error('database or disk is full');
      await expect(
        database.db.transaction().execute(async (trx) => {
          await sql`insert into users (id, created_at) values ('u1', 1)`.execute(trx);
          // What SQLite does on SQLITE_FULL or SQLITE_IOERR: the transaction is over.
          await sql.raw('rollback').execute(trx);
          throw cause;
        }),
      ).rejects.toBe(cause);
      const users = await sql`select id from users`.execute(database.db);
      expect(users.rows).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("reads at once outside transactions, and never from inside another's open transaction", async () => {
    const database = await openDatabase({ dataDir: parent, logger });
    try {
      const store = createSqlStore(database);
      await store.createUser('u1');
      expect(await store.userExists('u1')).toBe(true);
      let seen: boolean | undefined;
      let read: Promise<void> | undefined;
      await database.db.transaction().execute(async (trx) => {
        await sql`insert into users (id, created_at) values ('u2', 1)`.execute(trx);
        read = store.userExists('u2').then((exists) => {
          seen = exists;
        });
        await new Promise((resolve) => setImmediate(resolve));
        // Not run inside the transaction: it waits for it.
        expect(seen).toBeUndefined();
        await sql`delete from users where id = 'u2'`.execute(trx);
      });
      await read;
      expect(seen).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('checkpoints in the background when asked to, and leaves no WAL once closed', async () => {
    const database = await openDatabase({ dataDir: parent, logger, backgroundCheckpoints: true });
    const file = join(parent, SQLITE_FILE_NAME);
    try {
      const pragma = async (name: string) =>
        Object.values(
          (await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] ?? {},
        )[0] as unknown;
      // The serving connection only checkpoints as a backstop.
      expect(await pragma('wal_autocheckpoint')).toBe(BACKSTOP_CHECKPOINT_PAGES);
      const before = statSync(file).size;
      // Past the worker's threshold, far below the backstop: only the worker copies these
      // pages into the database file.
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${CHECKPOINT_FRAMES})
        insert into users (id, created_at) select 'visitor-' || i || '-' || hex(randomblob(1000)), i from n`.execute(
        database.db,
      );
      const deadline = Date.now() + 15_000;
      while (statSync(file).size <= before && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(statSync(file).size).toBeGreaterThan(before);
    } finally {
      await database.close();
    }
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = await openDatabase({ dataDir: parent, logger });
    try {
      const users = await sql`select count(*) as n from users`.execute(reopened.db);
      expect(users.rows).toEqual([{ n: CHECKPOINT_FRAMES }]);
    } finally {
      await reopened.close();
    }
  });

  it('keeps every thread and message across a restart, migrating once', async () => {
    const first = await openDatabase({ dataDir: parent, logger });
    const store = createSqlStore(first);
    await store.createUser('u1');
    const stored = await store.addQuestion({
      userId: 'u1',
      threadId: null,
      question: 'q',
      threadName: 'q',
    });
    await store.close();

    const second = await openDatabase({ dataDir: parent, logger });
    try {
      const reopened = createSqlStore(second);
      expect(await reopened.listThreads('u1')).toHaveLength(1);
      expect(await reopened.history('u1', stored?.threadId ?? '')).toEqual([stored?.userMessage]);
      const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(
        second.db,
      );
      const all = Object.keys(await migrationProvider('sqlite').getMigrations());
      expect(migrations.rows.map((r) => r.name)).toEqual(all);
    } finally {
      await second.close();
    }
  });
});

describe('openDatabase on PostgreSQL', () => {
  it("migrates its own schema while another schema of the database holds half of another deployment's migration tables", async () => {
    const other = await createTestPostgresSchema();
    const mine = await createTestPostgresSchema();
    // What a deployment in the middle of its first migration leaves: the table, not yet the lock.
    const otherDatabase = await openDatabase({
      databaseUrl: other.databaseUrl,
      dataDir: tmpdir(),
      logger,
    });
    await sql`drop table kysely_migration_lock`.execute(otherDatabase.db);
    await otherDatabase.close();
    try {
      const database = await openDatabase({
        databaseUrl: mine.databaseUrl,
        dataDir: tmpdir(),
        logger,
      });
      try {
        const store = createSqlStore(database);
        await store.createUser('u1');
        expect(await store.userExists('u1')).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      await mine.drop();
      await other.drop();
    }
  });
});
