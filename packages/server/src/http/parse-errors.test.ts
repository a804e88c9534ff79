import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/start-app.js';

/** Sends raw bytes and returns the status and the body of the answer. */
function rawExchange(url: string, bytes: string): Promise<{ status: number; body: unknown }> {
  const { port, hostname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) as unknown });
    });
  });
}

describe('requests HTTP cannot parse', () => {
  let running: TestApp;
  beforeAll(async () => {
    running = await startTestApp();
  });
  afterAll(() => running.close());

  it.each([
    ['a header without a colon', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400],
    ['not HTTP at all', 'GARBAGE\r\n\r\n', 400],
    ['headers too large', `GET / HTTP/1.1\r\nHost: x\r\nX: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ])('%s: answered with {status_code, detail}', async (_name, bytes, status) => {
    const answer = await rawExchange(running.url, bytes);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ status_code: status, detail: expect.any(String) });
  });
});
