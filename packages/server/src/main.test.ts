import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnswerResponse } from '@supersteward/contract';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from './main.js';
import { httpClient } from './test/http-client.js';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const silent = pino({ level: 'silent' });

describe('startServer (the production composition)', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('answers from the bundled knowledge base, and a restart on the same DATA_DIR keeps every thread and message', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'supersteward-main-'));
    dirs.push(dataDir);
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_PROVIDER: 'none' };

    const first = await startServer(env, { logger: silent });
    const http = httpClient(first.url);
    const visitor = await http.createVisitor();
    const one = await http.send('POST', '/assistant/answer', {
      uuid: visitor,
      json: { question: 'How much can my checked baggage weigh?', language: 'en' },
    });
    expect(one.status).toBe(200);
    const { thread_id } = one.body as AnswerResponse;
    const two = await http.send('POST', '/assistant/answer', {
      uuid: visitor,
      json: { question: 'Can I take my cat in the cabin?', thread_id },
    });
    expect(two.status).toBe(200);
    const before = (two.body as AnswerResponse).all_messages;
    expect(before).toHaveLength(4);
    expect(before[1]?.content.length).toBeGreaterThan(10);
    await first.close();

    const second = await startServer(env, { logger: silent });
    try {
      const again = httpClient(second.url);
      const threads = await again.send('GET', '/assistant/threads', { uuid: visitor });
      expect(threads.status).toBe(200);
      expect((threads.body as Array<{ thread_id: string }>).map((t) => t.thread_id)).toEqual([
        thread_id,
      ]);
      const history = await again.send('GET', `/assistant/threads/${thread_id}/history`, {
        uuid: visitor,
      });
      expect(history.body).toEqual(before);
    } finally {
      await second.close();
    }
  });

  it('marks an answer left streaming by a dead process as interrupted at the next start', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'supersteward-main-'));
    dirs.push(dataDir);
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_PROVIDER: 'none' };
    const first = await startServer(env, { logger: silent });
    const http = httpClient(first.url);
    const visitor = await http.createVisitor();
    // What a process that died mid-answer leaves behind: the question and a streaming reply.
    const { createSqlStore } = await import('./store/sql-store.js');
    const { openDatabase } = await import('./db/open-database.js');
    await first.close();
    const database = await openDatabase({ dataDir, logger: silent });
    const store = createSqlStore(database);
    const stored = await store.addQuestion({
      userId: visitor,
      threadId: null,
      question: 'Lost?',
      threadName: 'Lost?',
    });
    await store.startAnswer(stored!.threadId);
    await database.close();

    const second = await startServer(env, { logger: silent });
    try {
      const history = await httpClient(second.url).send(
        'GET',
        `/assistant/threads/${stored!.threadId}/history`,
        {
          uuid: visitor,
        },
      );
      expect(history.body).toEqual([
        expect.objectContaining({ role: 'user', content: 'Lost?' }),
        expect.objectContaining({ role: 'assistant', status: 'interrupted' }),
      ]);
    } finally {
      await second.close();
    }
  });

  it('refuses a bad setting before opening anything', async () => {
    await expect(
      startServer({ PORT: 'eighty', DATA_DIR: '/nonexistent/never' }, { logger: silent }),
    ).rejects.toThrow(/^PORT: /);
  });
});

function run(env: Record<string, string>): {
  exit: Promise<number | null>;
  stderr: () => string;
  stdout: () => string;
  kill: (signal: NodeJS.Signals) => void;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return {
    exit: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    stderr: () => err,
    stdout: () => out,
    kill: (signal) => child.kill(signal),
  };
}

describe('main.ts as a process', () => {
  it('stops on a bad setting with one line naming it and exit code 1', async () => {
    const child = run({ DAILY_MESSAGE_LIMIT: '-3' });
    expect(await child.exit).toBe(1);
    const lines = child.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/DAILY_MESSAGE_LIMIT/);
    expect(child.stderr()).not.toMatch(/\bat .+:\d+:\d+/);
  }, 30_000);

  it('serves, then on SIGTERM stops taking requests and exits 0', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'supersteward-proc-'));
    try {
      const port = String(20_000 + Math.floor(Math.random() * 20_000));
      const child = run({ PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
      const url = `http://127.0.0.1:${port}`;
      await expect
        .poll(async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.status, {
          timeout: 20_000,
          interval: 200,
        })
        .toBe(200);
      const http = httpClient(url);
      const visitor = await http.createVisitor();
      expect((await http.send('GET', '/assistant/threads', { uuid: visitor })).status).toBe(200);
      child.kill('SIGTERM');
      expect(await child.exit).toBe(0);
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
      // One JSON line per request, without the visitor id.
      const lines = child.stdout().trim().split('\n');
      expect(lines.every((line) => JSON.parse(line) !== null)).toBe(true);
      expect(child.stdout()).not.toContain(visitor);
      expect(lines.filter((line) => line.includes('"route":"/assistant/threads"'))).toHaveLength(1);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 40_000);
});
