import { request as httpRequest } from 'node:http';

export interface RawSent {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Parsed JSON, or undefined when the answer is not JSON. */
  body: unknown;
}

export interface RawRequest {
  method: string;
  /** Sent exactly as given: no URL normalisation (`..` stays), unlike fetch. */
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** One HTTP/1.1 request on its own connection, written byte for byte as the test says. */
export function rawRequest(baseUrl: string, options: RawRequest): Promise<RawSent> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method,
        path: options.path,
        headers: options.headers,
        agent: false,
        // Generous: the soak suite may hold both cores of a small CI machine meanwhile.
        timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`no answer within ${options.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`)),
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
