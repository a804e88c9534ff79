/**
 * Requests per second of the production composition (startServer: SQLite, in-process hub,
 * retrieval engine) against a plain node:http server answering the same JSON, in one run, as
 * ratios: the machine sets the absolutes.
 *   npx tsx bench/server-throughput.ts [seconds=5] [connections=50]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { startServer } from '../packages/server/src/main.js';

const duration = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 50);

const dataDir = await mkdtemp(path.join(tmpdir(), 'ss-bench-'));
const server = await startServer(
  {
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    CAPTCHA_PROVIDER: 'none',
    DAILY_MESSAGE_LIMIT: '1000000',
    IP_DAILY_MESSAGE_LIMIT: '1000000',
    ANSWER_PIECE_DELAY_MS: '0',
  },
  { logger: pino({ level: 'silent' }) },
);
const configBody = JSON.stringify(await (await fetch(`${server.url}/api/config`)).json());
const uuid = (
  (await (await fetch(`${server.url}/user/create_uuid`, { method: 'POST' })).json()) as {
    id: string;
  }
).id;

const plain = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(configBody);
});
await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
const plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;

async function rps(
  opts: autocannon.Options,
): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ connections, duration, ...opts });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const rows: Array<[string, Awaited<ReturnType<typeof rps>>]> = [];
rows.push(['plain node:http, same JSON (baseline)', await rps({ url: `${plainUrl}/api/config` })]);
rows.push(['GET /api/config', await rps({ url: `${server.url}/api/config` })]);
rows.push([
  'GET /assistant/threads',
  await rps({ url: `${server.url}/assistant/threads`, headers: { uuid } }),
]);
rows.push([
  'POST /assistant/answer (new thread, stored, answered)',
  await rps({
    url: `${server.url}/assistant/answer`,
    method: 'POST',
    headers: { uuid, 'content-type': 'application/json' },
    body: JSON.stringify({ question: 'Koliko kila smije imati ručni prtljag?', thread_id: null }),
  }),
]);

const base = rows[0]![1].rps;
console.log(`\n${connections} connections, ${duration} s each\n`);
console.log('| what | req/s | ratio to baseline | p99 ms | errors |');
console.log('| --- | --- | --- | --- | --- |');
for (const [name, r] of rows) {
  console.log(
    `| ${name} | ${r.rps.toFixed(0)} | ${(r.rps / base).toFixed(2)} | ${r.p99} | ${r.errors} |`,
  );
}

plain.close();
await server.close();
await rm(dataDir, { recursive: true, force: true });
