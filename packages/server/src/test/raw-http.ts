import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they crossed the wire, before any decoding. */
  wire: Buffer;
  /** The body after undoing Content-Encoding once. */
  decoded: Buffer;
}

/** Undoes one layer of Content-Encoding (br, gzip or none): what a browser does. */
export function decode(encoding: string | undefined, wire: Buffer): Buffer {
  if (encoding === 'br') return brotliDecompressSync(wire);
  if (encoding === 'gzip') return gunzipSync(wire);
  if (encoding === undefined || encoding === 'identity') return wire;
  throw new Error(`unexpected content-encoding ${encoding}`);
}

/**
 * One HTTP request with node:http, which (unlike fetch) leaves the body as it was sent, so
 * tests can check the encoding the server chose and the bytes it sent.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          try {
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              wire,
              decoded: decode(encoding, wire),
            });
          } catch (error) {
            reject(
              error instanceof Error ? error : new Error('undecodable body', { cause: error }),
            );
          }
        });
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}
