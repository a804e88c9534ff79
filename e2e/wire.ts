import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface WireResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent, before any decoding. */
  wire: Buffer;
  /** The body with its Content-Encoding undone once. */
  decoded: Buffer;
}

/** One GET with node:http, which leaves the body as the server sent it (fetch would decode it). */
export function getRaw(url: string, headers: Record<string, string> = {}): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded =
          encoding === 'br'
            ? brotliDecompressSync(wire)
            : encoding === 'gzip'
              ? gunzipSync(wire)
              : wire;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, wire, decoded });
      });
    })
      .on('error', reject)
      .end();
  });
}
