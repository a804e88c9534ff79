import { afterEach, describe, expect, it } from 'vitest';
import { httpClient } from '../../test/http-client.js';
import { startTestApp, type TestApp } from '../../test/start-app.js';

describe('health', () => {
  let running: TestApp | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('answers liveness and readiness with every part checked', async () => {
    running = await startTestApp();
    const http = httpClient(running.url);
    expect(await http.send('GET', '/healthz')).toMatchObject({
      status: 200,
      body: { status: 'ok' },
    });
    expect(await http.send('GET', '/readyz')).toMatchObject({
      status: 200,
      body: { status: 'ok', checks: { store: 'ok', hub: 'ok', quota: 'ok' } },
    });
  });

  it('is not ready, naming the part, when the store is gone', async () => {
    running = await startTestApp();
    const http = httpClient(running.url);
    await running.database.close();
    const sent = await http.send('GET', '/readyz');
    expect(sent.status).toBe(503);
    expect(sent.body).toMatchObject({
      status_code: 503,
      status: 'down',
      checks: { hub: 'ok', quota: expect.not.stringMatching(/^ok$/) },
    });
    expect((sent.body as { detail: string }).detail).toMatch(/store/);
    expect((sent.body as { checks: Record<string, string> }).checks['store']).not.toBe('ok');
  });

  it('is not ready while shutting down, and refuses new requests with 503', async () => {
    running = await startTestApp();
    const { app, url } = running;
    const stopped = app.shutdown(5_000);
    const http = httpClient(url);
    // The listener may already be gone; a refused connection is as good as a 503 here.
    const sent = await http.send('GET', '/assistant/threads').catch(() => undefined);
    if (sent) expect(sent.status).toBe(503);
    await stopped;
  });
});
