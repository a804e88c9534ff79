import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { LIMITS, STAFF_SESSION_COOKIE } from '@supersteward/contract';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawServerDefault,
} from 'fastify';
import type { AppDeps } from './deps.js';
import { ApiError, errorBody } from './http/api-error.js';
import { registerCompression } from './http/compression.js';
import { closeUnfinishedAfterReply, limitConnections } from './http/connection-limits.js';
import { clientErrorHandler, registerErrorHandler } from './http/errors.js';
import { registerRequestLog } from './http/request-log.js';
import { trackRouteMethods } from './http/route-methods.js';
import { registerSecurity } from './http/security.js';
import { registerSpa } from './http/spa.js';
import { visitorGuard } from './http/visitor.js';
import { registerSocketRoute } from './realtime/socket-route.js';
import { registerAnswerRoutes } from './routes/answer/answer-route.js';
import { InFlightAnswers } from './routes/answer/in-flight.js';
import { PRODUCT_NAME, registerConfigRoutes } from './routes/config/config.js';
import { registerFeedbackRoutes } from './routes/feedback/feedback.js';
import { registerHealthRoutes } from './routes/health/health.js';
import { registerRoomRoutes } from './routes/rooms/register-room.js';
import { registerThreadRoutes } from './routes/threads/threads.js';
import { registerUserRoutes } from './routes/users/create-uuid.js';
import { registerStaff } from './staff/register-staff.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stops taking requests (503), lets answers in flight finish for up to `timeoutMs`, stores
     * the rest as interrupted, closes sockets with 1001, then closes the app. Idempotent.
     */
    shutdown(timeoutMs: number): Promise<void>;
    /** Answers being produced right now. */
    answersInFlight(): number;
  }
}

/** Builds the whole HTTP + WebSocket app from its parts. Call `listen` (or `inject`) on the result. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { settings } = deps;
  const now = deps.now ?? (() => new Date());
  // Typed with Fastify's own logger interface, not pino's: routes and plugins see the plain app type.
  const app = Fastify<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger>({
    loggerInstance: deps.logger,
    // Fastify's two lines per request are replaced by one (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: LIMITS.bodyMaxBytes,
    // Fastify takes a hop count too; its types only list the other forms.
    trustProxy: settings.trustProxy as boolean | string | string[],
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    clientErrorHandler,
    // A request must arrive (headers and body) within this; slower ones get 408 and are closed.
    requestTimeout: settings.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(settings.requestTimeoutMs, 10_000),
      // How often Node checks those timeouts (its default is 30 s).
      connectionsCheckingInterval: Math.min(1_000, settings.requestTimeoutMs),
    },
    // Answers in flight are drained before close (shutdown); what is left is idle or quick.
    forceCloseConnections: true,
    ajv: {
      // The contract's additionalProperties:false must refuse extra fields, not drop them, and
      // a number is not a question.
      customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false },
    },
  });
  limitConnections(app.server, {
    maxConnections: settings.maxConnections,
    // Behind a balancer every connection comes from its address: the balancer limits per client.
    maxConnectionsPerIp:
      settings.trustProxy === false
        ? (settings.maxConnectionsPerIp ?? Math.max(1, Math.floor(settings.maxConnections / 2)))
        : 0,
  });
  closeUnfinishedAfterReply(app.server, settings.requestTimeoutMs);

  let closing = false;
  let shuttingDown: Promise<void> | undefined;
  const inFlight = new InFlightAnswers();
  app.decorate('answersInFlight', () => inFlight.size);
  app.decorate('shutdown', (timeoutMs: number) => {
    shuttingDown ??= (async () => {
      closing = true;
      await inFlight.drain(timeoutMs);
      await app.close();
    })();
    return shuttingDown;
  });

  registerErrorHandler(app);
  registerRequestLog(app);
  const allowedMethods = trackRouteMethods(app);

  // An empty body with a JSON content type reads as no body: bodiless POST/DELETE from clients
  // that always send the header still work, and a route that needs a body says so (400).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // JSON only: any other body type is 415, not a string the schema then refuses.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const buffer = typeof body === 'string' ? Buffer.from(body) : body;
    // Decoding would turn invalid bytes into U+FFFD silently: a question is stored as the
    // passenger wrote it or refused, never altered.
    if (!isUtf8(buffer)) return done(new ApiError(400, 'body is not valid UTF-8'), undefined);
    const text = buffer.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!closing || request.url === '/healthz' || request.url === '/readyz') return;
    void reply.header('connection', 'close');
    throw new ApiError(503, 'The server is restarting; please try again in a moment.');
  });

  await registerSecurity(app, {
    captchaSources: deps.captcha.csp,
    corsOrigins: settings.corsOrigins,
  });
  // Before every route: @fastify/compress attaches itself to the routes registered after it.
  await registerCompression(app);
  // Limits only the routes that ask for one (config.rateLimit); per instance, in memory.
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description: `The API of ${PRODUCT_NAME}, ${settings.airlineName}'s virtual steward. Visitor routes need the \`uuid\` header; answer, delete one thread and feedback need \`X-CAPTCHA-TOKEN\`. Staff routes (tag \`staff\`, under /api/staff) need the session cookie set by POST /api/staff/login, and every call but GET the session's CSRF token in \`x-csrf-token\`.`,
      },
      components: {
        securitySchemes: {
          staffSession: { type: 'apiKey', in: 'cookie', name: STAFF_SESSION_COOKIE },
        },
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // Plain-HTTP deployments (the default run) must not have the docs' assets upgraded to HTTPS.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  const passengers = { app, visitorGuard: visitorGuard(deps.store) };
  registerUserRoutes(passengers, deps, now);
  registerThreadRoutes(passengers, deps);
  registerAnswerRoutes(passengers, deps, inFlight, now);
  registerFeedbackRoutes(passengers, deps);
  registerRoomRoutes(passengers, deps);
  registerConfigRoutes(passengers, deps);
  deps.captcha.registerRoutes?.(app);
  registerHealthRoutes(app, deps, () => closing);
  if (deps.staff) await registerStaff(app, deps.staff, () => now().getTime());
  await registerSocketRoute(app, deps);
  const pageFallback = await registerSpa(app, deps.webDir);

  app.setNotFoundHandler((request, reply) => {
    const page = pageFallback?.(request, reply);
    if (page) return page;
    const path = request.url.split('?')[0] ?? '/';
    const allowed = allowedMethods(path);
    if (allowed.length > 0) {
      request.failure = 'method not allowed';
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(
          errorBody(
            405,
            `Method ${request.method} is not allowed here; use ${allowed.join(' or ')}`,
          ),
        );
    }
    request.failure = 'unknown path';
    return reply
      .code(404)
      .send(errorBody(404, `No such path: ${request.method} ${path.slice(0, 200)}`));
  });

  await app.ready();
  return app;
}
