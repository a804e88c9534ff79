import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open-database.js';
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
  });
}
