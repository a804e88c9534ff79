import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Encodings offered, best first: the built web app ships a file of each beside every text asset. */
export const ENCODINGS = ['br', 'gzip'] as const;

/** Bodies whose bytes depend on Accept-Encoding: everything @fastify/compress may compress. */
const COMPRESSIBLE = /^text\/|[+/]json\b|javascript|[+/]xml\b|image\/svg/;

/** Adds `accept-encoding` to the Vary header unless it (or `*`) is already there. */
export function varyOnEncoding(current: unknown): string {
  const value = Array.isArray(current)
    ? current.join(', ')
    : typeof current === 'string'
      ? current
      : '';
  if (value === '') return 'accept-encoding';
  const tokens = value.split(',').map((token) => token.trim().toLowerCase());
  return tokens.includes('accept-encoding') || tokens.includes('*')
    ? value
    : `${value}, accept-encoding`;
}

/**
 * Compresses JSON and other text answers above 1 KB on the fly (brotli at quality 4, or gzip),
 * leaves bodies that already carry a Content-Encoding alone (the web app's files are served
 * precompressed by http/spa.ts), and names Accept-Encoding in Vary on every compressible reply,
 * compressed or not, so a shared cache never hands one client's encoding to another.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && COMPRESSIBLE.test(type)) {
      void reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
    }
    done(null, payload);
  });
  await app.register(compress, {
    global: true,
    encodings: [...ENCODINGS],
    threshold: 1024,
    // Request bodies stay plain JSON of at most 16 KiB: no inflating what a client sends.
    globalDecompression: false,
  });
}
