import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newChatRoom, wsPath, type Message, type StreamEvent } from '@supersteward/contract';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../packages/server/src/db/open-database.js';
import { openSocket } from '../../packages/server/src/test/socket-client.js';
import { LOAD_LIMITS, startLoad } from '../support/load.js';
import { spawnServer, type ServerProcess } from '../support/process.js';
import { eventually, expectEveryAnsweredQuestionStored } from '../support/stored.js';
import { ALTCHA_KEY } from '../support/target.js';
import { client } from '../support/visitors.js';

const silent = pino({ level: 'silent' });

describe('kill -9 mid-answer under load, then a restart on the same data', () => {
  const dirs: string[] = [];
  const processes: ServerProcess[] = [];
  afterAll(async () => {
    for (const p of processes) await p.kill();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('loses no answered question, marks the cut answer interrupted, and the file is intact', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ss-robust-kill-'));
    dirs.push(dataDir);
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ALTCHA_HMAC_KEY: ALTCHA_KEY,
      ALTCHA_COST: '1',
      ...LOAD_LIMITS,
      // Pieces paced so the answer is surely mid-way when the process dies.
      ANSWER_PIECE_DELAY_MS: '150',
    };
    const first = await spawnServer(env);
    processes.push(first);
    const load = startLoad(() => first.url, { visitors: 6 });
    await eventually('the load is answered', async () => load.result.answered.length >= 6, 30_000);

    const http = client(first.url);
    const visitor = await http.createVisitor();
    const socket = openSocket(
      `${first.url.replace('http', 'ws')}${wsPath(visitor, newChatRoom(visitor))}`,
    );
    await socket.opened;
    const question = 'How much can my checked baggage weigh on a long flight?';
    const cut = http.call('answer', { uuid: visitor, captcha: true, json: { question } }).then(
      (sent) => `answered ${sent.status}`,
      () => 'connection lost',
    );
    const piece = (await socket.waitFor(
      // Past the first second: what streamed so far has been stored once.
      (frame) => frame.event === 'message:bits' && frame.seq === 10,
      10_000,
    )) as StreamEvent;
    await first.kill('SIGKILL');
    const streamedBeforeKill = socket.frames
      .filter((frame) => 'message_id' in frame && frame.message_id === piece.message_id)
      .map((frame) => (frame.event === 'message:bits' ? frame.data : ''))
      .join('');
    expect((await first.exited).signal).toBe('SIGKILL');
    const { answered, failures } = await load.stop();
    expect(await cut).toBe('connection lost');
    expect(answered.length).toBeGreaterThanOrEqual(6);

    // The file as the crash left it: intact, every answered question in it.
    const crashed = await openDatabase({ dataDir, logger: silent });
    try {
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
        crashed.db,
      );
      expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
      await expectEveryAnsweredQuestionStored(crashed, answered);
    } finally {
      await crashed.close();
    }

    const second = await spawnServer(env);
    processes.push(second);
    const again = client(second.url);
    const threads = (await again.call('threads', { uuid: visitor })).body as Array<{
      thread_id: string;
    }>;
    expect(threads).toHaveLength(1);
    const history = (
      await again.call('history', { params: { id: threads[0]!.thread_id }, uuid: visitor })
    ).body as Message[];
    expect(history[0]).toMatchObject({ role: 'user', content: question });
    expect(history[1]).toMatchObject({
      role: 'assistant',
      message_id: piece.message_id,
      status: 'interrupted',
    });
    // What had reached the passenger is kept (at least the pieces stored before the kill).
    const kept = history[1]!.content;
    expect(kept.length).toBeGreaterThan(0);
    expect(streamedBeforeKill.startsWith(kept) || kept.startsWith(streamedBeforeKill)).toBe(true);
    // Serving again, on the same data: the visitor continues the thread.
    const more = await again.ask(visitor, 'And in the cabin?', { threadId: threads[0]!.thread_id });
    expect(more.all_messages).toHaveLength(4);
    console.info(
      `[robustness] kill -9: ${answered.length} answered before the kill all stored, ${failures.length} requests cut by it, integrity ok, cut answer interrupted`,
    );
    socket.close();
  });
});
