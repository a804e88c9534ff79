import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { BACKSTOP_CHECKPOINT_PAGES, startCheckpointer, type Checkpointer } from './checkpointer.js';
import { prepareDataFolder } from './data-folder.js';
import { migrationProvider, type Dialect } from './migrations.js';
import type { QueryRunner } from './compiled-query.js';
import { directRunner, withNamedStatements, withStatementCache } from './prepared-statements.js';
import type { Schema } from './schema.js';
import { withStaleConnectionRetry } from './stale-connection-retry.js';

export interface Database {
  db: Kysely<Schema>;
  dialect: Dialect;
  /**
   * Runs compiled queries (db/compiled-query.ts) outside transactions: on SQLite at once on the
   * connection, without Kysely's connection queue, whenever no transaction is open there. Absent
   * on PostgreSQL (use `db`).
   */
  direct?: QueryRunner;
  /** The folder of the SQLite file (embedded store only). */
  dataDir?: string;
  /** Idempotent: the store and the quota may share one database. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** `postgres://…` selects PostgreSQL; unset selects the SQLite file in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  logger: Logger;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /**
   * SQLite: checkpoint the WAL from a worker thread (db/checkpointer.ts) instead of on the
   * serving connection: for the server, whose event loop would wait for the checkpoint's fsync.
   */
  backgroundCheckpoints?: boolean;
}

export const SQLITE_FILE_NAME = 'supersteward.sqlite';

const INT8_OID = 20;

/** Opens the store's database and brings its schema up to date. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const { databaseUrl, logger } = options;
  const dialect: Dialect = databaseUrl ? 'postgres' : 'sqlite';
  let checkpointer: Checkpointer | undefined;
  let direct: Database['direct'];
  let db: Kysely<Schema>;
  if (dialect === 'postgres') {
    db = new Kysely<Schema>({
      dialect: new PostgresDialect({
        pool: withStaleConnectionRetry(withNamedStatements(createPool(options))),
      }),
    });
  } else {
    const sqlite = openSqlite(options.dataDir);
    const statements = withStatementCache(sqlite);
    db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: statements }) });
    direct = directRunner(statements, sqlite, db);
    if (options.backgroundCheckpoints) checkpointer = checkpointInBackground(sqlite, logger);
  }

  let closing: Promise<void> | undefined;
  const database: Database = {
    db,
    ...(direct && { direct }),
    dialect,
    ...(dialect === 'sqlite' && { dataDir: options.dataDir }),
    close: () =>
      (closing ??= (async () => {
        // The worker's connection first: the last one closed checkpoints and removes the WAL.
        await checkpointer?.stop();
        await db.destroy();
      })()),
  };
  try {
    await migrate(database, logger);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

function openSqlite(dataDir: string): SqliteDatabase.Database {
  prepareDataFolder(dataDir);
  const sqlite = new SqliteDatabase(join(dataDir, SQLITE_FILE_NAME));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // WAL makes NORMAL durable against process crashes; only a power cut may lose the last commit.
  sqlite.pragma('synchronous = NORMAL');
  return sqlite;
}

/** SQLite's own automatic checkpoint threshold, in pages. */
const DEFAULT_CHECKPOINT_PAGES = 1_000;

function checkpointInBackground(sqlite: SqliteDatabase.Database, logger: Logger): Checkpointer {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  return startCheckpointer(sqlite.name, logger, () => {
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_CHECKPOINT_PAGES}`);
  });
}

function createPool(options: OpenDatabaseOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    // Epoch-ms columns are bigint; they fit a JS number for the next 285,000 years.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (value: string) => Number(value)
          : (pg.types.getTypeParser(oid, format ?? 'text') as (
              value: string,
            ) => unknown)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client whose server went away (restart, pg_terminate_backend) emits here; the pool
  // drops it and the next query opens a fresh connection. Without a listener the process dies.
  pool.on('error', (error) => {
    options.logger.warn({ err: error }, 'postgres connection lost; the pool will reconnect');
  });
  // A client checked out for a query or a transaction has no pool listener: its connection
  // dying would be an uncaught 'error' that ends the process. The query in flight fails on its
  // own (a 5xx for that request) and the pool drops the dead client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      options.logger.debug({ err: error }, 'postgres connection lost while in use');
    });
  });
  return pool;
}

/** The migrator of a database, with its migration tables in the connection's own schema. */
export async function migratorFor(database: Database): Promise<Migrator> {
  // Kysely looks for its migration tables in every schema it can see unless told which one:
  // a deployment (or a test run) in its own schema of a shared database would take another
  // schema's tables for its own and fail ("relation kysely_migration_lock does not exist").
  const schema =
    database.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db))
          .rows[0]?.schema
      : undefined;
  return new Migrator({
    db: database.db,
    provider: migrationProvider(database.dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

async function migrate(database: Database, logger: Logger): Promise<void> {
  const migrator = await migratorFor(database);
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') {
      logger.info({ migration: result.migrationName }, 'database migrated');
    } else if (result.status === 'Error') {
      logger.error({ migration: result.migrationName }, 'database migration failed');
    }
  }
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
}
