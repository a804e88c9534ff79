import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { openDatabase, type Database } from '../../db/open-database.js';

/**
 * Test helper (no test framework inside): every database a suite must pass on, each opened
 * fresh and isolated, so suites running in parallel cannot see each other's rows.
 */
export interface TestDatabase extends Database {
  /** Where it lives: the SQLite data dir, or the PostgreSQL URL with its own search_path. */
  location: { dataDir: string; databaseUrl?: string };
  /** Closes it and removes it (temp dir, or schema). */
  cleanup(): Promise<void>;
}

export interface TestDatabaseKind {
  name: 'sqlite' | 'postgres';
  open(): Promise<TestDatabase>;
}

/** The machine's PostgreSQL; TEST_DATABASE_URL overrides it. */
export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const silent = pino({ level: 'silent' });

export function testDatabases(): TestDatabaseKind[] {
  return [
    { name: 'sqlite', open: openTestSqlite },
    { name: 'postgres', open: openTestPostgres },
  ];
}

export async function openTestSqlite(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'supersteward-'));
  const database = await openDatabase({ dataDir, logger: silent });
  return {
    ...database,
    location: { dataDir },
    async cleanup() {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A URL whose every connection works in `schema` (PostgreSQL's startup `options`). */
export function postgresUrlWithSchema(baseUrl: string, schema: string): string {
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** Opens PostgreSQL in a fresh schema `ss_<random>`; two instances may open the same URL. */
export async function createTestPostgresSchema(
  baseUrl: string = TEST_POSTGRES_URL,
): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  const schema = `ss_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create schema ${schema}`);
  return {
    databaseUrl: postgresUrlWithSchema(baseUrl, schema),
    drop: () => adminQuery(baseUrl, `drop schema if exists ${schema} cascade`),
  };
}

export async function openTestPostgres(): Promise<TestDatabase> {
  const schema = await createTestPostgresSchema();
  const dataDir = tmpdir();
  const database = await openDatabase({
    databaseUrl: schema.databaseUrl,
    dataDir,
    logger: silent,
    poolSize: 4,
  });
  return {
    ...database,
    location: { dataDir, databaseUrl: schema.databaseUrl },
    async cleanup() {
      await database.close();
      await schema.drop();
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Kills every PostgreSQL connection opened with this application_name, as a restart would. */
export async function terminatePostgresConnections(applicationName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    const result = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [applicationName],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}
