import { afterEach, describe, expect, it } from 'vitest';
import { httpClient } from '../../test/http-client.js';
import { snapshot } from '../../test/snapshot.js';
import { startTestApp, type TestApp } from '../../test/start-app.js';

describe('POST /user/create_uuid', () => {
  let running: TestApp | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('creates a known visitor with a v4 uuid', async () => {
    running = await startTestApp();
    const http = httpClient(running.url);
    const sent = await http.call('createUuid');
    expect(sent.status).toBe(200);
    const { id } = sent.body as { id: string };
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await running.store.userExists(id)).toBe(true);
    expect((await http.call('threads', { uuid: id })).body).toEqual([]);
    // The header is case-insensitive in its hex digits.
    expect((await http.call('threads', { uuid: id.toUpperCase() })).status).toBe(200);
  });

  it('limits ids per client IP per day with 429 and Retry-After, creating nothing more', async () => {
    running = await startTestApp({ env: { UUID_DAILY_LIMIT_PER_IP: '3' } });
    const http = httpClient(running.url);
    const results = await Promise.all(Array.from({ length: 6 }, () => http.call('createUuid')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body).toEqual({
      status_code: 429,
      detail: expect.stringMatching(/visitor ids/),
      limit: 3,
      reset_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(25 * 3600);
    const before = await snapshot(running.database);
    expect(before.users).toHaveLength(3);
    expect((await http.call('createUuid')).status).toBe(429);
    expect((await snapshot(running.database)).users).toEqual(before.users);
  });
});
