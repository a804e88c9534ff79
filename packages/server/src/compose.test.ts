import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { frames, listen } from './hub/test/hub-suite.js';
import { deleteKeys, randomKeyPrefix, TEST_REDIS_URL } from './hub/test/redis-server.js';
import { openDataLayer, type DataLayer } from './compose.js';
import { createTestPostgresSchema } from './store/test/databases.js';

const logger = pino({ level: 'silent' });

describe('openDataLayer', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('runs embedded with no other service: SQLite, in-process hub, store quota', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'supersteward-adapters-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const adapters = await openDataLayer({ dataDir }, logger);
    cleanups.push(() => adapters.close());
    expect(adapters.database.dialect).toBe('sqlite');
    await Promise.all([adapters.store.ping(), adapters.hub.ping(), adapters.quota.ping()]);
    expect((await adapters.quota.take('k', 1)).allowed).toBe(true);
    expect((await adapters.quota.take('k', 1)).allowed).toBe(false);
  });

  it('lets two instances on PostgreSQL and Redis share threads, rooms and limits', async () => {
    const schema = await createTestPostgresSchema();
    cleanups.push(() => schema.drop());
    const redisKeyPrefix = randomKeyPrefix();
    cleanups.push(() => deleteKeys(TEST_REDIS_URL, redisKeyPrefix));
    const open = () =>
      openDataLayer(
        {
          databaseUrl: schema.databaseUrl,
          dataDir: tmpdir(),
          redisUrl: TEST_REDIS_URL,
          redisKeyPrefix,
        },
        logger,
      );
    const a: DataLayer = await open();
    cleanups.push(() => a.close());
    const b: DataLayer = await open();
    cleanups.push(() => b.close());
    expect(a.database.dialect).toBe('postgres');
    await Promise.all([a.hub.ping(), b.hub.ping(), a.quota.ping(), b.quota.ping()]);

    const user = randomUUID();
    await a.store.createUser(user);
    const stored = await a.store.addQuestion({
      userId: user,
      threadId: null,
      question: 'q',
      threadName: 'q',
    });
    expect((await b.store.listThreads(user)).map((t) => t.thread_id)).toEqual([stored?.threadId]);

    const room = stored?.threadId ?? '';
    const onA = await listen(a.hub, room);
    const sent = frames(randomUUID(), ['piece']);
    for (const frame of sent) await b.hub.publish(room, frame);
    await vi.waitFor(() => expect(onA.received).toEqual(sent));

    const key = `user:${user}`;
    const takes = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).quota.take(key, 6)),
    );
    expect(takes.filter((t) => t.allowed)).toHaveLength(6);
  });
});
