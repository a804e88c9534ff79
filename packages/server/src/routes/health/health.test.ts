import { afterEach, describe, expect, it } from 'vitest';
import { httpClient } from '../../test/http-client.js';
import { createGate, createScriptedEngine } from '../../test/scripted-engine.js';
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
    // An answer in flight holds the shutdown open, so the app is observably stopping.
    const reached = createGate();
    const release = createGate();
    const engine = createScriptedEngine(() => ({
      pieces: ['Held', ' answer'],
      beforePiece: (index) => {
        if (index !== 1) return Promise.resolve();
        reached.open();
        return release.promise;
      },
    }));
    running = await startTestApp({ engine });
    const http = httpClient(running.url);
    const visitor = await http.createVisitor();
    const answering = http.call('answer', {
      uuid: visitor,
      body: { question: 'Hold on' },
    });
    await reached.promise;
    const stopped = running.app.shutdown(5_000);

    const ready = await http.send('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({
      status_code: 503,
      status: 'down',
      checks: { store: 'ok', hub: 'ok', quota: 'ok', server: 'shutting down' },
    });
    expect((ready.body as { detail: string }).detail).toMatch(/server \(shutting down\)/);
    const refused = await http.call('threads', { uuid: visitor });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ status_code: 503 });

    release.open();
    expect((await answering).status).toBe(200);
    await stopped;
  });
});
