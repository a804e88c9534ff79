import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTally } from '../support/tally.js';
import { startTarget, type Target } from '../support/target.js';
import { client } from '../support/visitors.js';

const tally = createTally('protocol attacks');

/** Writes `bytes` on a fresh connection and reads until the server closes it (or 5 s pass). */
function exchange(
  url: string,
  bytes: string | Buffer,
): Promise<{ status: number; body: unknown; raw: string }> {
  const target = new URL(url);
  return new Promise((resolve) => {
    let raw = '';
    const socket = connect(Number(target.port), target.hostname, () => socket.end(bytes));
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    socket.on('error', () => undefined);
    const done = (): void => {
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(raw)?.[1] ?? 0);
      const text = raw.split('\r\n\r\n').slice(1).join('\r\n\r\n');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      resolve({ status, body, raw });
    };
    socket.once('close', done);
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
}

interface ProtocolCase {
  name: string;
  status: number;
  bytes(world: { host: string; visitor: string }): string | Buffer;
}

const CASES: ProtocolCase[] = [
  { name: 'a request line that is not HTTP', status: 400, bytes: () => 'GARBAGE\r\n\r\n' },
  {
    name: 'a header without a colon',
    status: 400,
    bytes: ({ host }) => `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nno colon here\r\n\r\n`,
  },
  {
    name: 'Content-Length and Transfer-Encoding together (smuggling)',
    status: 400,
    bytes: ({ host, visitor }) =>
      `POST /assistant/answer HTTP/1.1\r\nHost: ${host}\r\nuuid: ${visitor}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /assistant/threads/all HTTP/1.1\r\n\r\n`,
  },
  {
    name: 'two different Content-Length headers',
    status: 400,
    bytes: ({ host, visitor }) =>
      `POST /assistant/answer HTTP/1.1\r\nHost: ${host}\r\nuuid: ${visitor}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 20\r\n\r\n{}`,
  },
  {
    name: 'headers of 40 KB',
    status: 431,
    bytes: ({ host, visitor }) =>
      `GET /assistant/threads HTTP/1.1\r\nHost: ${host}\r\nuuid: ${visitor}\r\nX-Pad: ${'a'.repeat(40_000)}\r\n\r\n`,
  },
  {
    name: 'a plain GET on the socket route (no upgrade)',
    status: 426,
    bytes: ({ host, visitor }) =>
      `GET /ws/${visitor}/room/newchat_${visitor} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
  },
];

describe('malformed HTTP: a JSON {status_code, detail} answer, nothing changed, still serving', () => {
  const world = { host: '', visitor: '' };
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
    world.host = new URL(target.url).host;
    world.visitor = await client(target.url).createVisitor();
  });
  afterAll(async () => {
    tally.print();
    await target.close();
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_n, attack) => {
    const before = await target.snapshot();
    const sent = await exchange(target.url, attack.bytes(world));
    const after = await target.snapshot();
    tally.record(sent.status, JSON.stringify(before) !== JSON.stringify(after));
    expect(sent.status, sent.raw.slice(0, 300)).toBe(attack.status);
    expect(sent.body).toMatchObject({ status_code: attack.status, detail: expect.any(String) });
    expect(after).toEqual(before);
    expect((await client(target.url).send('GET', '/healthz')).status).toBe(200);
  });
});
