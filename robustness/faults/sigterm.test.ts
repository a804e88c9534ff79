import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newChatRoom, wsPath } from '@supersteward/contract';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../packages/server/src/db/open-database.js';
import { openSocket } from '../../packages/server/src/test/socket-client.js';
import { spawnServer, type ServerProcess } from '../support/process.js';
import type { RawSent } from '../support/raw-http.js';
import { ALTCHA_KEY } from '../support/target.js';
import { client } from '../support/visitors.js';

const SHUTDOWN_TIMEOUT_MS = 1_500;
/** Time to close sockets and the store and exit, after the answers' grace. */
const EXIT_MARGIN_MS = 1_000;

describe('SIGTERM mid-answer', () => {
  const dirs: string[] = [];
  const processes: ServerProcess[] = [];
  afterAll(async () => {
    for (const p of processes) await p.kill();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['an answer that ends within the grace is finished', '20', 200],
    ['an answer longer than the grace is stored interrupted', '400', 503],
  ])('%s; the process exits in time', async (_name, pieceDelayMs, askStatus) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ss-robust-term-'));
    dirs.push(dataDir);
    const server = await spawnServer({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ALTCHA_HMAC_KEY: ALTCHA_KEY,
      ALTCHA_COST: '1',
      ANSWER_PIECE_DELAY_MS: pieceDelayMs,
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    });
    processes.push(server);
    const http = client(server.url);
    const visitor = await http.createVisitor();
    const socket = openSocket(
      `${server.url.replace('http', 'ws')}${wsPath(visitor, newChatRoom(visitor))}`,
    );
    await socket.opened;
    const asked: Promise<RawSent | string> = http
      .call('answer', {
        uuid: visitor,
        captcha: true,
        json: { question: 'How much can my checked baggage weigh?', language: 'en' },
      })
      .catch((error: unknown) => String(error));
    await socket.waitFor((frame) => frame.event === 'message:bits' && frame.seq === 2, 10_000);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // Meanwhile new work is refused with a clear 503 (or the port is already closed).
    await new Promise((resolve) => setTimeout(resolve, 100));
    const during = await http.call('threads', { uuid: visitor }).catch(() => undefined);
    if (during) {
      expect(during.status).toBe(503);
      expect(during.body).toMatchObject({ status_code: 503, detail: expect.any(String) });
    }

    const sent = await asked;
    expect(typeof sent === 'string' ? sent : sent.status).toBe(askStatus);
    if (typeof sent !== 'string' && sent.status === 503)
      expect(sent.body).toMatchObject({ status_code: 503, detail: expect.stringMatching(/saved/) });
    expect((await socket.closed).code).toBe(1001);
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    const took = exit.at - signalled;
    expect(took).toBeLessThanOrEqual(SHUTDOWN_TIMEOUT_MS + EXIT_MARGIN_MS);

    const database = await openDatabase({ dataDir, logger: pino({ level: 'silent' }) });
    try {
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
        database.db,
      );
      expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
      const rows = await database.db
        .selectFrom('messages')
        .select(['role', 'status', 'content'])
        .orderBy('seq')
        .execute();
      expect(rows.map((row) => [row.role, row.status])).toEqual([
        ['user', 'complete'],
        ['assistant', askStatus === 200 ? 'complete' : 'interrupted'],
      ]);
    } finally {
      await database.close();
    }
    console.info(`[robustness] SIGTERM (${_name}): exited ${took} ms after the signal`);
  });
});
