import { ErrorBody, HealthResponse } from '@supersteward/contract';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../../deps.js';
import type { App } from '../../http/app-types.js';
import { storageFull } from '../../http/errors.js';

const PING_TIMEOUT_MS = 2_000;

const NotReady = Type.Composite([ErrorBody, HealthResponse]);

async function check(ping: () => Promise<void>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)),
      PING_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([ping(), timeout]);
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /healthz: the process answers. /readyz: the store, hub, quota and the captcha's shared parts
 * answer, and it is not stopping.
 */
export function registerHealthRoutes(app: App, deps: AppDeps, isClosing: () => boolean): void {
  app.get(
    '/healthz',
    { schema: { summary: 'Liveness', tags: ['health'], response: { 200: HealthResponse } } },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness',
        tags: ['health'],
        response: { 200: HealthResponse, 503: NotReady },
      },
    },
    async (request, reply) => {
      const captchaPing = deps.captcha.ping?.bind(deps.captcha);
      const [store, hub, quota, captcha] = await Promise.all([
        check(async () => {
          await deps.store.ping();
          try {
            await deps.store.probeWrite();
          } catch (error) {
            throw new Error(
              `cannot write: ${storageFull(error) ? 'disk full' : error instanceof Error ? error.message : String(error)}`,
            );
          }
        }),
        check(() => deps.hub.ping()),
        check(() => deps.quota.ping()),
        captchaPing ? check(captchaPing) : undefined,
      ]);
      const checks: Record<string, string> = { store, hub, quota };
      if (captcha !== undefined) checks['captcha'] = captcha;
      if (isClosing()) checks['server'] = 'shutting down';
      const failed = Object.entries(checks).filter(([, value]) => value !== 'ok');
      if (failed.length === 0) return { status: 'ok' as const, checks };
      const detail = `Not ready: ${failed.map(([name, value]) => `${name} (${value})`).join(', ')}`;
      request.failure = detail;
      request.log.warn({ checks }, 'not ready');
      return reply.code(503).send({ status_code: 503, detail, status: 'down' as const, checks });
    },
  );
}
