import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Hub } from './hub.js';
import { createRedisHub } from './redis-hub.js';
import { describeHubSuite, frames, listen } from './test/hub-suite.js';
import {
  deleteKeys,
  freePort,
  PrivateRedis,
  randomKeyPrefix,
  recordingLogger,
  TEST_REDIS_URL,
  twoOnTestRedis,
} from './test/redis-server.js';

const silent = pino({ level: 'silent' });

describeHubSuite('redis (two instances)', () => {
  const { first: a, second: b, cleanup } = twoOnTestRedis(createRedisHub);
  return Promise.resolve({ a, b, cleanup });
});

describe('redis hub', () => {
  const opened: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const close of opened.splice(0).reverse()) await close();
  });

  it('keeps deployments with different prefixes apart', async () => {
    const prefixes = [randomKeyPrefix(), randomKeyPrefix()];
    const [one, two] = prefixes.map((keyPrefix) =>
      createRedisHub({ url: TEST_REDIS_URL, logger: silent, keyPrefix }),
    ) as [Hub, Hub];
    opened.push(
      () => one.close(),
      () => two.close(),
    );
    opened.push(() => Promise.all(prefixes.map((p) => deleteKeys(TEST_REDIS_URL, p))));
    const room = randomUUID();
    const onTwo = await listen(two, room);
    const onOne = await listen(one, room);
    const sent = frames(randomUUID(), ['x']);
    for (const frame of sent) await one.publish(room, frame);
    await vi.waitFor(() => expect(onOne.received).toHaveLength(2));
    expect(onTwo.received).toEqual([]);
    expect(await two.replay(room, sent[0]?.message_id ?? '', -1)).toEqual([]);
  });

  it('expires a finished answer’s frames after the retention time', async () => {
    const keyPrefix = randomKeyPrefix();
    const hub = createRedisHub({ url: TEST_REDIS_URL, logger: silent, keyPrefix, retainMs: 300 });
    opened.push(
      () => hub.close(),
      () => deleteKeys(TEST_REDIS_URL, keyPrefix),
    );
    const room = randomUUID();
    const messageId = randomUUID();
    for (const frame of frames(messageId, ['a'])) await hub.publish(room, frame);
    await hub.publish(room, {
      event: 'message:done',
      data: { content: 'a', sources: [] },
      message_id: messageId,
      seq: 2,
    });
    expect(await hub.replay(room, messageId, -1)).toHaveLength(3);
    await vi.waitFor(async () => expect(await hub.replay(room, messageId, -1)).toEqual([]), {
      timeout: 3_000,
    });
  });

  it('fails fast, without unhandled rejections, when nothing listens', async () => {
    const port = await freePort();
    const { logger, lines } = recordingLogger();
    const hub = createRedisHub({ url: `redis://127.0.0.1:${port}`, logger });
    opened.push(() => hub.close());
    const started = Date.now();
    await expect(hub.ping()).rejects.toThrow(/not connected/);
    await expect(hub.publish('room', { event: 'message:bits', data: 'x' })).rejects.toThrow();
    await expect(hub.subscribe('room', () => undefined)).rejects.toThrow();
    await expect(hub.replay('room', 'm', 0)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_500);
    // Retries keep failing; each connection logs the outage once, not once per attempt.
    await new Promise((resolve) => setTimeout(resolve, 800));
    const warnings = lines.filter((line) => line.msg === 'redis unreachable; reconnecting');
    expect(warnings.map((line) => line.connection).sort()).toEqual([
      'hub-publisher',
      'hub-subscriber',
    ]);
  });

  it('survives Redis going away and coming back, keeping its subscriptions', async () => {
    const server = await PrivateRedis.start();
    opened.push(() => server.kill());
    const { logger, lines } = recordingLogger();
    const a = createRedisHub({ url: server.url, logger });
    const b = createRedisHub({ url: server.url, logger });
    opened.push(
      () => a.close(),
      () => b.close(),
    );
    const room = randomUUID();
    const onA = await listen(a, room);
    const [created, first, second] = frames(randomUUID(), ['before', 'after']);
    if (!created || !first || !second) throw new Error('frames');
    await b.publish(room, created);
    await vi.waitFor(() => expect(onA.received).toEqual([created]));

    await server.kill();
    await vi.waitFor(() => expect(a.ping()).rejects.toThrow(), { timeout: 5_000 });
    await vi.waitFor(() => expect(b.ping()).rejects.toThrow(), { timeout: 5_000 });
    const started = Date.now();
    await expect(b.publish(room, first)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_500);

    await server.start();
    await vi.waitFor(() => expect(a.ping()).resolves.toBeUndefined(), { timeout: 10_000 });
    await vi.waitFor(() => expect(b.ping()).resolves.toBeUndefined(), { timeout: 10_000 });
    // The listener subscribed before the outage hears frames published after it.
    await vi.waitFor(
      async () => {
        await b.publish(room, second);
        expect(onA.received.at(-1)).toEqual(second);
      },
      { timeout: 5_000 },
    );
    expect(lines.some((line) => line.msg === 'redis reconnected')).toBe(true);
  });
});
