import { tmpdir } from 'node:os';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/open-database.js';
import { httpClient, type Sent } from '../test/http-client.js';
import { startTestApp, type TestApp } from '../test/start-app.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { createTestPostgresSchema } from './test/databases.js';

/**
 * PostgreSQL cut off while the server runs: the app reaches it through a loopback proxy the test
 * closes (every open connection dropped, new ones refused), as a network cut or a database
 * restart does.
 */
describe('PostgreSQL unreachable', () => {
  let proxy: TcpProxy;
  let running: TestApp;
  let dropSchema: () => Promise<void>;

  beforeAll(async () => {
    const schema = await createTestPostgresSchema();
    dropSchema = () => schema.drop();
    const url = new URL(schema.databaseUrl);
    proxy = await startTcpProxy(Number(url.port || 5432), url.hostname);
    url.port = String(proxy.port);
    const database = await openDatabase({
      databaseUrl: url.toString(),
      dataDir: tmpdir(),
      logger: pino({ level: 'silent' }),
    });
    running = await startTestApp({ database });
  });
  afterAll(async () => {
    await running?.close();
    await proxy?.close();
    await dropSchema?.();
  });

  function expectUnavailable(sent: Sent): void {
    expect(sent.status, sent.text).toBe(503);
    expect(sent.body).toEqual({
      status_code: 503,
      detail: expect.stringMatching(/database/i),
    });
    expect(Number(sent.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  it('requests answer 503 with a clear JSON error and Retry-After, then recover', async () => {
    const http = httpClient(running.url);
    const visitor = await http.createVisitor();
    const ask = () =>
      http.send('POST', '/assistant/answer', {
        uuid: visitor,
        json: { question: 'Is the database there?' },
      });
    expect((await ask()).status).toBe(200);

    proxy.down();
    expectUnavailable(await ask());
    expectUnavailable(await http.send('GET', '/assistant/threads', { uuid: visitor }));
    expectUnavailable(await http.send('POST', '/user/create_uuid'));

    proxy.up();
    await vi.waitFor(async () => expect((await ask()).status).toBe(200), { timeout: 10_000 });
  });
});
