import type { IncomingMessage } from 'node:http';
import cors from '@fastify/cors';
import helmet from 'helmet';
import { CAPTCHA_HEADER, UUID_HEADER } from '@supersteward/contract';
import type { FastifyInstance } from 'fastify';
import type { CaptchaSources } from '../captcha/captcha.js';

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** The page's own socket origins; a Host header that is not a plain host falls back to the schemes. */
function ownSockets(request: IncomingMessage): string {
  const host = request.headers.host;
  return host && HOST.test(host) ? `ws://${host} wss://${host}` : 'ws: wss:';
}

/** Distinct Host headers whose security headers are kept worked out. */
const MAX_HOSTS = 64;

type HelmetMiddleware = ReturnType<typeof helmet>;

/** The headers helmet sets for a request (it sets them synchronously, and removes X-Powered-By). */
function helmetHeaders(
  middleware: HelmetMiddleware,
  request: IncomingMessage,
): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
      return recorder;
    },
    removeHeader() {},
  };
  let failure: unknown;
  middleware(request, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) {
    throw failure instanceof Error ? failure : new Error('helmet failed', { cause: failure });
  }
  return headers;
}

export interface SecurityOptions {
  /** The captcha provider's origins (each provider module declares its own). */
  captchaSources: CaptchaSources;
  corsOrigins: string[];
}

/** Security headers on every answer (CSP, nosniff, frame-ancestors) and CORS for configured origins only. */
export async function registerSecurity(
  app: FastifyInstance,
  options: SecurityOptions,
): Promise<void> {
  const sources = options.captchaSources;
  // helmet's middleware built once: @fastify/helmet rebuilds it on every request, which cost
  // about 40 % of the requests per second of a plain route (bench/server-throughput.ts).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'script-src': ["'self'", ...sources.script],
        'frame-src': sources.frame.length ? sources.frame : ["'none'"],
        'connect-src': ["'self'", (req) => ownSockets(req), ...sources.connect],
        // The ALTCHA widget solves its proof of work in a worker made from a blob.
        'worker-src': ["'self'", 'blob:'],
        'img-src': ["'self'", 'data:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'font-src': ["'self'", 'data:'],
        'manifest-src': ["'self'"],
      },
    },
    // The default run is plain HTTP on a LAN address; upgrading would break it.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // What helmet sets depends only on the Host header (the CSP's own socket origins): the headers
  // are worked out once per host and then set as they are, instead of a dozen helmet
  // middlewares each building its header on every request.
  const byHost = new Map<string, Array<[string, string]>>();
  app.addHook('onRequest', (request, reply, done) => {
    const host = request.headers.host ?? '';
    let headers = byHost.get(host);
    if (headers === undefined) {
      headers = helmetHeaders(securityHeaders, request.raw);
      // Hosts come from clients: a bounded memo, not one entry per made-up Host header.
      if (byHost.size >= MAX_HOSTS) byHost.clear();
      byHost.set(host, headers);
    }
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  if (options.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: options.corsOrigins,
      credentials: true,
      methods: ['GET', 'POST', 'DELETE'],
      allowedHeaders: ['content-type', UUID_HEADER, CAPTCHA_HEADER],
      exposedHeaders: ['retry-after'],
      maxAge: 600,
    });
  }
}
