import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../main.js';
import { solveAltcha } from '../test/altcha-solver.js';
import { httpClient } from '../test/http-client.js';
import { createCluster, type Cluster } from './test/cluster.js';

const QUESTION = 'How much can my checked baggage weigh?';

/** The default captcha (ALTCHA, whose used solutions live in Redis) and the daily limit while Redis is down. */
describe('an instance with ALTCHA and a daily limit when its Redis dies', () => {
  let cluster: Cluster;
  let server: RunningServer;

  beforeAll(async () => {
    cluster = await createCluster({
      privateRedis: true,
      env: {
        CAPTCHA_PROVIDER: 'altcha',
        ALTCHA_HMAC_KEY: 'a-test-key-that-is-long-enough-for-altcha-0123',
        ALTCHA_COST: '10',
        DAILY_MESSAGE_LIMIT: '3',
      },
    });
    server = await cluster.start();
  });
  afterAll(() => cluster?.close());

  it('keeps answering with a local replay guard, says so in /readyz, and keeps the limit', async () => {
    const client = httpClient(server.url);
    const ask = async (uuid: string, captcha: string) =>
      client.call('answer', {
        uuid,
        captcha,
        body: { question: QUESTION, language: 'en' },
      });
    const full = await client.createVisitor();
    for (let i = 0; i < 3; i += 1) {
      expect((await ask(full, await solveAltcha(server.url))).status).toBe(200);
    }
    expect((await ask(full, await solveAltcha(server.url))).status).toBe(429);
    const fresh = await client.createVisitor();
    expect((await ask(fresh, await solveAltcha(server.url))).status).toBe(200);

    await cluster.redis!.kill();
    await vi.waitFor(async () => expect((await client.send('GET', '/readyz')).status).toBe(503), {
      timeout: 5_000,
    });

    // A fresh solution is accepted once, from this instance's own memory.
    const token = await solveAltcha(server.url);
    const answered = await ask(fresh, token);
    expect(answered.status, answered.text).toBe(200);
    const replayed = await ask(fresh, token);
    expect(replayed.status, replayed.text).toBe(403);
    expect((replayed.body as { detail: string }).detail).toMatch(/already used/);

    // The visitor at 3/3 before the outage stays at 3/3 during it.
    const refused = await ask(full, await solveAltcha(server.url));
    expect(refused.status, refused.text).toBe(429);
    // And the one at 2/3 gets exactly one more.
    expect((await ask(fresh, await solveAltcha(server.url))).status).toBe(200);
    expect((await ask(fresh, await solveAltcha(server.url))).status).toBe(429);

    const ready = await client.send('GET', '/readyz');
    expect(ready.status).toBe(503);
    const checks = (ready.body as { checks: Record<string, string> }).checks;
    expect(checks['store']).toBe('ok');
    expect(checks['captcha']).toMatch(/local replay guard/);
  });
});
