import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnswerResponse } from '@supersteward/contract';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from './main.js';
import { httpClient } from './test/http-client.js';
import { runMain as run } from './test/main-process.js';

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
    const one = await http.call('answer', {
      uuid: visitor,
      body: { question: 'How much can my checked baggage weigh?', language: 'en' },
    });
    expect(one.status).toBe(200);
    const { thread_id } = one.body as AnswerResponse;
    const two = await http.call('answer', {
      uuid: visitor,
      body: { question: 'Can I take my cat in the cabin?', thread_id },
    });
    expect(two.status).toBe(200);
    const before = (two.body as AnswerResponse).all_messages;
    expect(before).toHaveLength(4);
    expect(before[1]?.content.length).toBeGreaterThan(10);
    await first.close();

    const second = await startServer(env, { logger: silent });
    try {
      const again = httpClient(second.url);
      const threads = await again.call('threads', { uuid: visitor });
      expect(threads.status).toBe(200);
      expect((threads.body as Array<{ thread_id: string }>).map((t) => t.thread_id)).toEqual([
        thread_id,
      ]);
      const history = await again.call('history', { params: { id: thread_id }, uuid: visitor });
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

describe('main.ts as a process', () => {
  it('stops on a bad setting with one line naming it and exit code 1', async () => {
    const child = run({ DAILY_MESSAGE_LIMIT: '-3' });
    expect(await child.exit).toBe(1);
    const lines = child.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/DAILY_MESSAGE_LIMIT/);
    expect(child.stderr()).not.toMatch(/\bat .+:\d+:\d+/);
  }, 90_000);

  /** One line on stderr, no stack, exit code 1. */
  async function startError(dataDir: string): Promise<string> {
    const child = run({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    expect(await child.exit).toBe(1);
    const lines = child.stderr().trim().split('\n');
    expect(lines, child.stderr()).toHaveLength(1);
    expect(child.stderr()).not.toMatch(/\bat .+:\d+:\d+/);
    return lines[0]!;
  }

  // Tests may run as root, for whom a chmod 0555 folder is still writable: the unusable folders
  // here refuse root too.
  it('stops with one line naming the data folder and why it cannot be used', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'supersteward-unusable-'));
    try {
      // A path under a regular file: no one can create a folder there.
      const file = join(parent, 'a-file');
      await writeFile(file, 'not a folder');
      const underFile = join(file, 'data');
      expect(await startError(underFile)).toBe(
        `Cannot start: the data folder ${underFile} cannot be used: a part of its path is a file, not a folder (ENOTDIR)`,
      );
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  }, 90_000);

  it('stops with one line naming a read-only data folder', async (context) => {
    // A read-only tmpfs refuses writes to root as well; mounting one needs root (as on the CI
    // machine): elsewhere there is no read-only folder a test can make, so the case is skipped.
    const mountPoint = await mkdtemp(join(tmpdir(), 'supersteward-ro-'));
    try {
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', mountPoint], {
          stdio: 'ignore',
        });
      } catch {
        context.skip();
      }
      const reason = 'the file system is read-only (EROFS)';
      expect(await startError(mountPoint)).toBe(
        `Cannot start: the data folder ${mountPoint} cannot be used: ${reason}`,
      );
      // A folder still to be made inside it: the same reason, not a confusing ENOENT.
      const inside = join(mountPoint, 'data');
      expect(await startError(inside)).toBe(
        `Cannot start: the data folder ${inside} cannot be used: ${reason}`,
      );
    } finally {
      try {
        execFileSync('umount', [mountPoint], { stdio: 'ignore' });
      } catch {
        // Never mounted.
      }
      await rmdir(mountPoint);
    }
  }, 90_000);

  it('serves, then on SIGTERM stops taking requests and exits 0', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'supersteward-proc-'));
    try {
      const port = String(20_000 + Math.floor(Math.random() * 20_000));
      const child = run({ PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
      const url = `http://127.0.0.1:${port}`;
      await expect
        .poll(async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.status, {
          // Start-up takes 15 s and more on a loaded machine.
          timeout: 60_000,
          interval: 200,
        })
        .toBe(200);
      const http = httpClient(url);
      const visitor = await http.createVisitor();
      expect((await http.call('threads', { uuid: visitor })).status).toBe(200);
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
  }, 90_000);
});
