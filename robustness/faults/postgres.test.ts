import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../packages/server/src/db/open-database.js';
import {
  createTestPostgresSchema,
  TEST_POSTGRES_URL,
  terminatePostgresConnections,
} from '../../packages/server/src/store/test/databases.js';
import { LOAD_LIMITS, startLoad } from '../support/load.js';
import { rawRequest } from '../support/raw-http.js';
import { eventually, expectEveryAnsweredQuestionStored } from '../support/stored.js';
import { startTcpProxy, type TcpProxy } from '../../packages/server/src/test/tcp-proxy.js';
import { startTarget, type Target } from '../support/target.js';

describe('PostgreSQL connections lost under load', () => {
  let proxy: TcpProxy | undefined;
  let target: Target | undefined;
  let direct: Database | undefined;
  let dropSchema: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await target?.close();
    await proxy?.close();
    await direct?.close();
    await dropSchema?.();
  });

  it('requests recover without a restart; /readyz names the store while it is unreachable', async () => {
    const schema = await createTestPostgresSchema();
    dropSchema = () => schema.drop();
    // The instance reaches PostgreSQL through a proxy the test can cut, and names its connections.
    proxy = await startTcpProxy(Number(new URL(TEST_POSTGRES_URL).port || 5432));
    const applicationName = `ss-robust-${randomBytes(4).toString('hex')}`;
    const viaProxy = new URL(schema.databaseUrl);
    viaProxy.port = String(proxy.port);
    viaProxy.searchParams.set('application_name', applicationName);
    target = await startTarget({
      env: { ...LOAD_LIMITS, ANSWER_PIECE_DELAY_MS: '12', DATABASE_URL: viaProxy.toString() },
    });
    const { url } = target;
    const readyz = () => rawRequest(url, { method: 'GET', path: '/readyz' });
    const load = startLoad(() => url, { visitors: 6 });
    await sleep(1_500);

    // 1. Every connection of the instance terminated, three times, while it answers.
    let terminated = 0;
    for (let round = 0; round < 3; round++) {
      terminated += await terminatePostgresConnections(applicationName);
      await sleep(700);
    }
    const afterTermination = load.result.answered.length;
    await sleep(1_500);
    expect(load.result.answered.length).toBeGreaterThan(afterTermination);
    expect((await readyz()).status).toBe(200);

    // 2. PostgreSQL unreachable for 3 s.
    const failuresBefore = load.result.failures.length;
    proxy.down();
    let checks: Record<string, string> = {};
    const noticed = await eventually('/readyz says the store is down', async () => {
      const sent = await readyz();
      checks = (sent.body as { checks?: Record<string, string> }).checks ?? {};
      return sent.status === 503;
    });
    expect(checks['store']).not.toBe('ok');
    await sleep(3_000);
    proxy.up();
    const answeredAtReturn = load.result.answered.length;
    const recovered = await eventually(
      '/readyz is ready again',
      async () => (await readyz()).status === 200,
    );
    await sleep(2_000);
    const { answered, statuses, failures } = await load.stop();
    expect(answered.length).toBeGreaterThan(answeredAtReturn);

    // What failed, failed with 503 in JSON (try again later): never a 500, a hang or HTML.
    for (const failure of failures) expect(failure).toMatch(/^503 \{"status_code":503,"detail"/);
    direct = await openDatabase({
      databaseUrl: schema.databaseUrl,
      dataDir: '/tmp',
      logger: pino({ level: 'silent' }),
    });
    await expectEveryAnsweredQuestionStored(direct, answered);
    console.info(
      `[robustness] PostgreSQL: ${terminated} connections terminated under load, then 3 s unreachable: ${answered.length} answered, statuses ${JSON.stringify(Object.fromEntries(statuses))} (${failures.length - failuresBefore} failures while unreachable); /readyz 503 after ${noticed} ms (store: ${checks['store']}), ready ${recovered} ms after it returned, no restart`,
    );
  });
});
