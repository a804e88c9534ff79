import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { LANGUAGES } from '@supersteward/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Path prefixes that belong to the API: never answered with the web app. */
export const API_PREFIXES = ['/assistant', '/user', '/ws', '/api', '/docs', '/healthz', '/readyz'];

/**
 * The passengers' pages of each language (packages/web/src/app/routes.tsx) and the staff console:
 * answered 200 with the web app. Any other page path gets it with 404 (it shows its not-found
 * screen), so a wrong link is a 404 for crawlers and monitors too.
 */
const PAGE_ROUTES = [
  '/',
  ...LANGUAGES.flatMap((lang) => [
    `/${lang}`,
    `/${lang}/chats`,
    `/${lang}/chats/:threadId`,
    `/${lang}/captcha`,
  ]),
  '/admin',
  '/admin/*',
];

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
 * everything else revalidated; brotli or gzip from the build when the client takes it) and index.html for the app's routes. Returns the not-found
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
    // The build writes name.br and name.gz beside each text file (packages/web/vite.config.ts):
    // one is sent by Accept-Encoding, with Vary: accept-encoding; they are not routes of their own.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
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

  for (const url of PAGE_ROUTES) {
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
