import type { Database } from '../db/open-database.js';

/**
 * Every row of every table, in a stable order: a test takes one before a refused request and
 * one after, and expects them equal ("changes nothing").
 */
export interface Snapshot {
  users: unknown[];
  threads: unknown[];
  messages: unknown[];
  feedback: unknown[];
  quota_counters: unknown[];
}

export async function snapshot(database: Database): Promise<Snapshot> {
  const { db } = database;
  return {
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    threads: await db.selectFrom('threads').selectAll().orderBy('id').execute(),
    messages: await db.selectFrom('messages').selectAll().orderBy('id').execute(),
    feedback: await db.selectFrom('feedback').selectAll().orderBy('id').execute(),
    quota_counters: await db.selectFrom('quota_counters').selectAll().orderBy('key').execute(),
  };
}
