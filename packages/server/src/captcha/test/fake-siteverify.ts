import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';

export interface ReceivedVerify {
  method: string;
  contentType: string;
  form: Record<string, string>;
}

/** How the fake answers the next request: a JSON body, a raw reply, or never. */
export type FakeReply =
  | { json: unknown; status?: number }
  | { raw: string; status: number; contentType?: string }
  | { hang: true };

/**
 * A local stand-in for Google's or Cloudflare's siteverify endpoint: it records every form
 * it receives and answers with whatever the test set, as the real endpoint would.
 */
export async function startFakeSiteverify() {
  const received: ReceivedVerify[] = [];
  let reply: FakeReply = { json: { success: false, 'error-codes': ['invalid-input-response'] } };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        contentType: req.headers['content-type'] ?? '',
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      });
      if ('hang' in reply) return;
      if ('raw' in reply) {
        res
          .writeHead(reply.status, { 'content-type': reply.contentType ?? 'text/html' })
          .end(reply.raw);
        return;
      }
      res
        .writeHead(reply.status ?? 200, { 'content-type': 'application/json' })
        .end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    received,
    answer(next: FakeReply) {
      reply = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((err) => (err ? reject(err) : resolve())),
      );
    },
  };
}

/** A real pino logger whose lines the test can read. */
export function captureLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}
