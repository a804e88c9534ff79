import { compileOnce, type QueryRunner } from '../db/compiled-query.js';
import type { Database } from '../db/open-database.js';
import { createQuotaDayClock } from './podgorica-day.js';
import type { Quota, QuotaResult } from './quota.js';

/**
 * Daily counters in the store's database. One upsert both counts and checks, so concurrent takes
 * (threads of one process, or instances sharing PostgreSQL) can never pass the limit.
 * The database belongs to the store: `close` leaves it open. `within` takes on a transaction of
 * it, for the question that spends the units to commit them (or roll them back) in one go.
 */
export function createSqlQuota(database: Database): Quota {
  const { db } = database;
  let prunedBefore = '';
  const quotaDay = createQuotaDayClock();
  // Compiled once: the statement every question runs twice (per visitor, per IP).
  const takeOne = compileOnce((p: { key: string; day: string; limit: number }) =>
    db
      .insertInto('quota_counters')
      .values({ key: p.key, day: p.day, count: 1 })
      .onConflict((oc) =>
        oc
          .columns(['key', 'day'])
          .doUpdateSet({ count: (eb) => eb('quota_counters.count', '+', 1) })
          .where('quota_counters.count', '<', p.limit),
      )
      .returning('count'),
  );

  const removeLast = compileOnce((p: { key: string; day: string }) =>
    db
      .deleteFrom('quota_counters')
      .where('key', '=', p.key)
      .where('day', '=', p.day)
      .where('count', '=', 1),
  );
  const giveOne = compileOnce((p: { key: string; day: string }) =>
    db
      .updateTable('quota_counters')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', p.key)
      .where('day', '=', p.day)
      .where('count', '>', 1),
  );
  const raiseTo = compileOnce((p: { key: string; day: string; used: number }) =>
    db
      .insertInto('quota_counters')
      .values({ key: p.key, day: p.day, count: p.used })
      .onConflict((oc) =>
        oc
          .columns(['key', 'day'])
          .doUpdateSet({ count: p.used })
          .where('quota_counters.count', '<', p.used),
      )
      .returning('count'),
  );
  const countOf = compileOnce((p: { key: string; day: string }) =>
    db
      .selectFrom('quota_counters')
      .select('count')
      .where('key', '=', p.key)
      .where('day', '=', p.day),
  );
  const outside = database.direct ?? db;

  const pruneBefore = compileOnce((p: { day: string }) =>
    db.deleteFrom('quota_counters').where('day', '<', p.day),
  );

  // Once a day. Within a question's transaction that rolls back (a refusal), the past days'
  // rows stay until the next day's prune: they are never read.
  async function prune(runner: QueryRunner, today: string): Promise<void> {
    if (prunedBefore >= today) return;
    prunedBefore = today;
    await pruneBefore(runner, { day: today });
  }

  const takeOn = async (
    runner: QueryRunner,
    key: string,
    limit: number,
    now: Date,
  ): Promise<QuotaResult> => {
    const { day, resetAt } = quotaDay(now);
    await prune(runner, day);
    if (limit <= 0) return { allowed: false, used: 0, limit, resetAt };
    const [row] = (await takeOne(runner, { key, day, limit })).rows;
    if (row) return { allowed: true, used: Number(row.count), limit, resetAt };
    return { allowed: false, used: limit, limit, resetAt };
  };

  return {
    take: (key, limit, now = new Date()) => takeOn(outside, key, limit, now),

    within: (transaction) => ({
      take: (key, limit, now = new Date()) => takeOn(transaction, key, limit, now),
    }),

    async give(key, now = new Date()) {
      const { day } = quotaDay(now);
      // The last unit given back removes the row its take created: a refused question leaves
      // the database as it found it (a visitor id rotated per question would leave a row each).
      await removeLast(outside, { key, day });
      await giveOne(outside, { key, day });
    },

    // Run for every unit the Redis quota gives (the store mirrors it): compiled, outside any
    // transaction, at once on SQLite.
    async atLeast(key, used, now = new Date()) {
      const { day } = quotaDay(now);
      await prune(outside, day);
      const [row] = (await raiseTo(outside, { key, day, used })).rows;
      if (row) return Number(row.count);
      const [current] = (await countOf(outside, { key, day })).rows;
      return Number(current?.count ?? used);
    },

    async ping() {
      await db.selectFrom('quota_counters').select('day').limit(1).execute();
    },

    close: () => Promise.resolve(),
  };
}
