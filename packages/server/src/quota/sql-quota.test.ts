import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open-database.js';
import { createSqlStore } from '../store/sql-store.js';
import { testDatabases } from '../store/test/databases.js';
import { createSqlQuota } from './sql-quota.js';
import { describeQuotaSuite } from './test/quota-suite.js';

for (const kind of testDatabases()) {
  describeQuotaSuite(`sql (${kind.name})`, async () => {
    const database = await kind.open();
    // On PostgreSQL the second handle is a second pool, as a second instance would have.
    const { databaseUrl, dataDir } = database.location;
    const second = databaseUrl
      ? await openDatabase({ databaseUrl, dataDir, logger: pino({ level: 'silent' }) })
      : database;
    return {
      quota: createSqlQuota(database),
      other: createSqlQuota(second),
      async cleanup() {
        await second.close();
        await database.cleanup();
      },
    };
  });

  describe(`sql quota on ${kind.name}`, () => {
    it('prunes counters of past days', async () => {
      const database = await kind.open();
      try {
        const quota = createSqlQuota(database);
        await quota.take('k', 5, new Date('2025-01-10T12:00:00Z'));
        await quota.take('k', 5, new Date('2025-01-11T12:00:00Z'));
        const days = await database.db.selectFrom('quota_counters').select('day').execute();
        expect(days).toEqual([{ day: '2025-01-11' }]);
      } finally {
        await database.cleanup();
      }
    });

    it("takes within a question's transaction: committed with the question, rolled back without it", async () => {
      const database = await kind.open();
      try {
        const quota = createSqlQuota(database);
        const store = createSqlStore(database);
        const now = new Date('2025-06-01T10:00:00Z');
        const user = 'a2c1c6a4-9d8e-4c55-9d61-3f0d7a2b6e10';
        await store.createUser(user);
        const counts = async () =>
          (
            await database.db
              .selectFrom('quota_counters')
              .select(['key', 'count'])
              .where('day', '=', '2025-06-01')
              .orderBy('key')
              .execute()
          ).map((row) => [row.key, Number(row.count)]);
        const ask = (first: Parameters<typeof store.addQuestion>[0]['first']) =>
          store.addQuestion({
            userId: user,
            threadId: null,
            question: 'q',
            threadName: 'q',
            first,
          });

        const results: boolean[] = [];
        const stored = await ask(async (transaction) => {
          results.push((await quota.within!(transaction).take('a', 1, now)).allowed);
          results.push((await quota.within!(transaction).take('b', 5, now)).allowed);
        });
        expect(stored?.createdThread).toBe(true);
        expect(results).toEqual([true, true]);
        expect(await counts()).toEqual([
          ['a', 1],
          ['b', 1],
        ]);

        // 'b' is taken, then 'a' refuses: the question is not stored and 'b' is as it was.
        const refusal = new Error('refused');
        await expect(
          ask(async (transaction) => {
            expect((await quota.within!(transaction).take('b', 5, now)).allowed).toBe(true);
            if (!(await quota.within!(transaction).take('a', 1, now)).allowed) throw refusal;
          }),
        ).rejects.toBe(refusal);
        expect(await counts()).toEqual([
          ['a', 1],
          ['b', 1],
        ]);
        expect(await store.listThreads(user)).toHaveLength(1);
      } finally {
        await database.cleanup();
      }
    });
  });
}
