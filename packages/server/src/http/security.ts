import type { IncomingMessage } from 'node:http';
import cors from '@fastify/cors';
import helmet from 'helmet';
import { CAPTCHA_HEADER, UUID_HEADER, type CaptchaProvider } from '@supersteward/contract';
import type { FastifyInstance } from 'fastify';

/** Where each third-party captcha loads its script and frame from; none for the self-hosted ones. */
const CAPTCHA_SOURCES: Record<
  CaptchaProvider,
  { script: string[]; frame: string[]; connect: string[] }
> = {
  altcha: { script: [], frame: [], connect: [] },
  none: { script: [], frame: [], connect: [] },
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    connect: ['https://www.google.com/recaptcha/'],
  },
  turnstile: {
    script: ['https://challenges.cloudflare.com'],
    frame: ['https://challenges.cloudflare.com'],
    connect: ['https://challenges.cloudflare.com'],
  },
};

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** The page's own socket origins; a Host header that is not a plain host falls back to the schemes. */
function ownSockets(request: IncomingMessage): string {
  const host = request.headers.host;
  return host && HOST.test(host) ? `ws://${host} wss://${host}` : 'ws: wss:';
}

export interface SecurityOptions {
  captchaProvider: CaptchaProvider;
  corsOrigins: string[];
}

/** Security headers on every answer (CSP, nosniff, frame-ancestors) and CORS for configured origins only. */
export async function registerSecurity(
  app: FastifyInstance,
  options: SecurityOptions,
): Promise<void> {
  const sources = CAPTCHA_SOURCES[options.captchaProvider];
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
        'connect-src': ["'self'", (req) => ownSockets(req as IncomingMessage), ...sources.connect],
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
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
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
