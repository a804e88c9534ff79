import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, as the provider would see it. */
export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    model?: string;
    max_tokens?: number;
    stream?: boolean;
    messages?: { role: string; content: string }[];
  };
  /** Resolves when the connection closed; `early` when it closed before the fake ended the reply. */
  closed: Promise<{ early: boolean }>;
}

export type Script = (request: ReceivedRequest, res: ServerResponse) => void | Promise<void>;

/**
 * A local stand-in for a hosted chat-completions API: each test scripts what it answers, and
 * reads back what the engine sent.
 */
export interface FakeOpenAi {
  baseUrl: string;
  requests: ReceivedRequest[];
  script(next: Script): void;
  close(): Promise<void>;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let script: Script = (_req, res) => {
    res.writeHead(500).end();
  };
  const requests: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const closed = new Promise<{ early: boolean }>((resolve) => {
        res.on('close', () => resolve({ early: !res.writableFinished }));
      });
      const received: ReceivedRequest = {
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(Buffer.concat(parts).toString('utf8')) as ReceivedRequest['body'],
        closed,
      };
      requests.push(received);
      void Promise.resolve(script(received, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script(next) {
      script = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A streamed chat-completion chunk, as OpenAI sends it. */
export function chunk(content: string | null, finishReason: string | null = null): string {
  return JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'test-model',
    choices: [
      { index: 0, delta: content === null ? {} : { content }, finish_reason: finishReason },
    ],
  });
}

export function startEventStream(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
}

export function sendEvent(res: ServerResponse, data: string): void {
  res.write(`data: ${data}\n\n`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Streams the tokens with a role chunk first and `[DONE]` last, like the real API. */
export async function streamAnswer(
  res: ServerResponse,
  tokens: readonly string[],
  { gapMs = 2, finishReason = 'stop' }: { gapMs?: number; finishReason?: string } = {},
): Promise<void> {
  startEventStream(res);
  sendEvent(
    res,
    JSON.stringify({
      id: 'chatcmpl-test',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model: 'test-model',
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
    }),
  );
  for (const token of tokens) {
    await sleep(gapMs);
    sendEvent(res, chunk(token));
  }
  sendEvent(res, chunk(null, finishReason));
  sendEvent(res, '[DONE]');
  res.end();
}

/** The non-streamed form: one JSON completion. */
export function jsonAnswer(res: ServerResponse, content: string): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    }),
  );
}
