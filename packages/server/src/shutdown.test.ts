import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newChatRoom, wsPath } from '@supersteward/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient } from './test/http-client.js';
import { runMain } from './test/main-process.js';

const SHUTDOWN_TIMEOUT_MS = 1_000;
/**
 * After the grace: the sockets' closing handshake (250 ms at most), closing the store and the
 * process's own exit, ~350-450 ms measured here; generous, for a loaded machine. Before the fix
 * a silent WebSocket client held the exit for 30 s.
 */
const EXIT_SLACK_MS = 1_000;

/** A raw connection that sends `text` and then never says anything again. */
function silentClient(port: number, text: string): Promise<{ socket: Socket; first: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('error', () => undefined);
    socket.once('data', (chunk: Buffer) => resolve({ socket, first: chunk.toString() }));
    socket.once('connect', () => {
      // A partial request gets no answer before the shutdown: resolve once it is sent.
      if (!text.endsWith('\r\n\r\n')) setTimeout(() => resolve({ socket, first: '' }), 100);
    });
    socket.once('close', () => reject(new Error('closed before it was ready')));
  });
}

describe('main.ts stopping on SIGTERM', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('exits within SHUTDOWN_TIMEOUT_MS whatever its clients do', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'supersteward-term-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = runMain({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA_PROVIDER: 'none',
      // An answer far longer than the grace.
      ANSWER_PIECE_DELAY_MS: '500',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    });
    cleanups.push(async () => child.kill('SIGKILL'));
    const url = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.status, {
        timeout: 60_000,
        interval: 200,
      })
      .toBe(200);
    const http = httpClient(url);
    const visitor = await http.createVisitor();

    // A WebSocket client that never answers the server's closing handshake (a frozen tab, a
    // lost network): ws would wait 30 s for it.
    const frozen = await silentClient(
      port,
      `GET ${wsPath(visitor, newChatRoom(visitor))} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n` +
        'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
        'Sec-WebSocket-Version: 13\r\n\r\n',
    );
    expect(frozen.first).toMatch(/^HTTP\/1\.1 101/);
    // An idle keep-alive connection, and one stuck halfway through its body.
    await silentClient(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await silentClient(
      port,
      'POST /user/create_uuid HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a',
    );
    // An answer streaming when the signal comes.
    const asked = http.send('POST', '/assistant/answer', {
      uuid: visitor,
      json: { question: 'How much can my checked baggage weigh?', language: 'en' },
    });
    await new Promise((resolve) => setTimeout(resolve, 700));

    const signalled = Date.now();
    child.kill('SIGTERM');
    expect(await child.exit).toBe(0);
    const took = Date.now() - signalled;
    // The answer had its grace, and was then cut short with a clear 503.
    expect((await asked).status).toBe(503);
    expect(took).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS);
    expect(took).toBeLessThanOrEqual(SHUTDOWN_TIMEOUT_MS + EXIT_SLACK_MS);
    console.info(
      `SIGTERM with SHUTDOWN_TIMEOUT_MS=${SHUTDOWN_TIMEOUT_MS}: exited after ${took} ms`,
    );
  }, 120_000);
});
