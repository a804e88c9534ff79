import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newChatRoom, wsPath, type Message } from '@supersteward/contract';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../main.js';
import { httpClient } from '../../test/http-client.js';
import { openSocket } from '../../test/socket-client.js';

const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

describe('kill -9 in the middle of an answer', () => {
  it('keeps the pieces that had reached the passenger in the interrupted answer', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'supersteward-kill-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_PROVIDER: 'none' };
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        ...env,
        PORT: String(port),
        LOG_LEVEL: 'silent',
        ANSWER_PIECE_DELAY_MS: '150',
      },
      stdio: 'ignore',
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      // tsx compiles main.ts on start: 15 s and more on a loaded 2-core machine, over a minute
      // while the soak suite holds both cores.
      const deadline = Date.now() + 150_000;
      while ((await fetch(`${url}/healthz`).catch(() => undefined))?.status !== 200) {
        if (Date.now() > deadline) throw new Error('the server did not start');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const http = httpClient(url);
      const visitor = await http.createVisitor();
      const socket = openSocket(
        `${url.replace('http', 'ws')}${wsPath(visitor, newChatRoom(visitor))}`,
      );
      await socket.opened;
      void http
        .send('POST', '/assistant/answer', {
          uuid: visitor,
          json: { question: 'How much can my checked baggage weigh?', language: 'en' },
        })
        .catch(() => undefined);
      // Pieces reach the passenger for a while, then the process dies without a word.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const shown = socket.frames
        .flatMap((frame) => (frame.event === 'message:bits' ? [frame.data] : []))
        .join('');
      expect(shown.length).toBeGreaterThan(0);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      socket.close();

      const restarted = await startServer(
        { ...env, PORT: '0' },
        { logger: pino({ level: 'silent' }) },
      );
      try {
        const again = httpClient(restarted.url);
        const threads = (await again.call('threads', { uuid: visitor })).body as Array<{
          thread_id: string;
        }>;
        const history = (
          await again.call('history', { params: { id: threads[0]!.thread_id }, uuid: visitor })
        ).body as Message[];
        const answer = history.at(-1)!;
        expect(answer).toMatchObject({ role: 'assistant', status: 'interrupted' });
        // At least what was shown a second before the end, and nothing that was not produced.
        expect(answer.content.length).toBeGreaterThan(0);
        expect(shown.startsWith(answer.content) || answer.content.startsWith(shown)).toBe(true);
      } finally {
        await restarted.close();
      }
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 210_000);
});
