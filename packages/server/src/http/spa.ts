import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Path prefixes that belong to the API: never answered with the web app. */
export const API_PREFIXES = ['/assistant', '/user', '/ws', '/api', '/docs', '/healthz', '/readyz'];

const LANGUAGE_ROUTES = ['/', '/mne', '/mne/*', '/en', '/en/*'];

function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Sends the web app's page for a path the SPA shows its not-found screen for. */
export type PageFallback = (
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | undefined;

/**
 * Serves the built web app: every file of `webDir` (hashed /assets cached for a year,
 * everything else revalidated) and index.html for the app's routes. Returns the not-found
 * fallback for other page-like GETs, or undefined when there is no built app.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDir: string | undefined,
): Promise<PageFallback | undefined> {
  if (!webDir || !existsSync(join(webDir, 'index.html'))) {
    app.log.warn({ webDir }, 'no built web app found: serving the API only');
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    // Files are listed once at start, so no unknown path ever reaches the file system.
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(reply, path) {
      const hashed = /[\\/]assets[\\/]/.test(path);
      void reply.header(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  const sendPage = (reply: FastifyReply, status: number): FastifyReply =>
    reply
      .code(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile('index.html');

  for (const url of LANGUAGE_ROUTES) {
    app.get(url, { schema: { hide: true } }, (_request, reply) => sendPage(reply, 200));
  }

  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path) || path.startsWith('/assets/')) return undefined;
    if (!(request.headers.accept ?? '').includes('text/html')) return undefined;
    return sendPage(reply, 404);
  };
}
