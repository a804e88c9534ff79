import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordingLogger } from '../hub/test/redis-server.js';
import { createSqlQuota } from '../quota/sql-quota.js';
import { createSqlStore } from '../store/sql-store.js';
import { createTestPostgresSchema, terminatePostgresConnections } from '../store/test/databases.js';
import { openDatabase, type Database } from './open-database.js';

describe('PostgreSQL pool', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('survives its connections being killed (as a server restart does)', async () => {
    const schema = await createTestPostgresSchema();
    cleanups.push(() => schema.drop());
    const applicationName = `ss_test_${randomBytes(4).toString('hex')}`;
    const url = new URL(schema.databaseUrl);
    url.searchParams.set('application_name', applicationName);
    const { logger, lines } = recordingLogger();
    const database: Database = await openDatabase({
      databaseUrl: url.toString(),
      dataDir: tmpdir(),
      logger,
    });
    cleanups.push(() => database.close());
    expect(database.dialect).toBe('postgres');
    const store = createSqlStore(database);
    const quota = createSqlQuota(database);

    // Several idle connections in the pool, all about to be killed.
    await Promise.all(Array.from({ length: 4 }, (_, i) => store.createUser(`u${i}`)));
    const killed = await terminatePostgresConnections(applicationName);
    expect(killed).toBeGreaterThan(0);
    // Every killed idle connection is reported by the pool, none crashes the process.
    await vi.waitFor(() =>
      expect(
        lines.filter((line) => line.msg === 'postgres connection lost; the pool will reconnect'),
      ).toHaveLength(killed),
    );

    // The pool dropped the dead connections: the very next calls work on fresh ones.
    await expect(store.ping()).resolves.toBeUndefined();
    expect(await store.userExists('u3')).toBe(true);
    expect((await quota.take('k', 2)).allowed).toBe(true);
    expect(await terminatePostgresConnections(applicationName)).toBeGreaterThan(0);
  });

  it('survives a connection killed while checked out (a query or transaction in progress)', async () => {
    const schema = await createTestPostgresSchema();
    cleanups.push(() => schema.drop());
    const applicationName = `ss_test_${randomBytes(4).toString('hex')}`;
    const url = new URL(schema.databaseUrl);
    url.searchParams.set('application_name', applicationName);
    const held = recordingLogger();
    const database = await openDatabase({
      databaseUrl: url.toString(),
      dataDir: tmpdir(),
      logger: held.logger,
    });
    cleanups.push(() => database.close());
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    cleanups.push(async () => void process.off('uncaughtException', onUncaught));

    // The connection dies between two statements while it is held; without a listener on the
    // held client, pg's 'error' event would be thrown as an uncaught exception.
    await expect(
      database.db.connection().execute(async (connection) => {
        await sql`select 1`.execute(connection);
        expect(await terminatePostgresConnections(applicationName)).toBe(1);
        await vi.waitFor(() =>
          expect(
            held.lines.some((line) => line.msg === 'postgres connection lost while in use'),
          ).toBe(true),
        );
        await sql`select 1`.execute(connection);
      }),
    ).rejects.toThrow(/connection/i);
    expect(uncaught).toEqual([]);
    // The dead client was dropped on release: the next statement gets a fresh connection.
    await expect(createSqlStore(database).ping()).resolves.toBeUndefined();
  });
});
