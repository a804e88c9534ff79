import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, written when it ends. It names the route pattern, not the URL, so
 * visitor ids and thread ids in paths never reach the log; headers and bodies are not logged.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unknown route';
    const status = reply.statusCode;
    const line = {
      method: request.method,
      route,
      status,
      ms: Math.round(reply.elapsedTime),
      ...(request.failure ? { reason: request.failure } : {}),
    };
    if (status >= 500) request.log.error(line, 'request');
    else request.log.info(line, 'request');
    done();
  });
}
