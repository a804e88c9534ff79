import type { Database } from '../db/open-database.js';
import { nextPodgoricaMidnight, podgoricaDay } from './podgorica-day.js';
import type { Quota } from './quota.js';

/**
 * Daily counters in the store's database. One upsert both counts and checks, so concurrent takes
 * (threads of one process, or instances sharing PostgreSQL) can never pass the limit.
 * The database belongs to the store: `close` leaves it open.
 */
export function createSqlQuota(database: Database): Quota {
  const { db } = database;
  let prunedBefore = '';

  async function prune(today: string): Promise<void> {
    if (prunedBefore >= today) return;
    prunedBefore = today;
    await db.deleteFrom('quota_counters').where('day', '<', today).execute();
  }

  return {
    async take(key, limit, now = new Date()) {
      const day = podgoricaDay(now);
      const resetAt = nextPodgoricaMidnight(now).toISOString();
      await prune(day);
      if (limit <= 0) return { allowed: false, used: 0, limit, resetAt };
      const row = await db
        .insertInto('quota_counters')
        .values({ key, day, count: 1 })
        .onConflict((oc) =>
          oc
            .columns(['key', 'day'])
            .doUpdateSet({ count: (eb) => eb('quota_counters.count', '+', 1) })
            .where('quota_counters.count', '<', limit),
        )
        .returning('count')
        .executeTakeFirst();
      if (row) return { allowed: true, used: Number(row.count), limit, resetAt };
      return { allowed: false, used: limit, limit, resetAt };
    },

    async ping() {
      await db.selectFrom('quota_counters').select('day').limit(1).execute();
    },

    close: () => Promise.resolve(),
  };
}
