import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorBody } from './api-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Why the request was refused: goes into its one log line. */
    failure: string | undefined;
  }
}

interface ValidationItem {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** "body/question must NOT have more than 2000 characters", naming an unexpected field too. */
function validationDetail(error: FastifyError): string {
  const context = error.validationContext ?? 'request';
  const items = (error.validation ?? []) as ValidationItem[];
  const first = items[0];
  if (!first) return error.message;
  const where = `${context}${first.instancePath ?? ''}`;
  const extra = first.params?.['additionalProperty'];
  if (first.keyword === 'additionalProperties' && typeof extra === 'string') {
    return `${where} has an unexpected field '${extra}'`;
  }
  const allowed = first.params?.['allowedValues'];
  if (Array.isArray(allowed))
    return `${where} must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  return `${where} ${first.message ?? 'is invalid'}`;
}

/** The store's disk is full: SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100), or ENOSPC. */
export function storageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC';
}

/** Network errors of a connection to the database that is refused, cut or never answered. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres says so in words only (no code) when a connection dies or never opens. */
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

/**
 * The database cannot be reached: a network error, PostgreSQL's connection exceptions (class 08),
 * its shutdown and start-up refusals (57P01-57P03), or too many connections (53300).
 */
export function storeUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$|^53300$/.test(code)) {
      return true;
    }
  }
  return LOST_CONNECTION.test(error.message);
}

/** Seconds a client is told to wait before trying again after a 503 of the store. */
const STORE_RETRY_AFTER_S = '10';

/** One error handler for the whole app: JSON `{status_code, detail}`, never a stack trace or HTML. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.decorateRequest('failure', undefined);

  app.setErrorHandler(
    (error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ApiError) {
        request.failure = error.detail;
        void reply.headers(error.headers);
        return reply
          .code(error.statusCode)
          .send({ ...errorBody(error.statusCode, error.detail), ...error.extra });
      }
      if (error.validation) {
        const detail = validationDetail(error);
        request.failure = detail;
        return reply.code(400).send(errorBody(400, detail));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        request.failure = error.message;
        return reply.code(status).send(errorBody(status, error.message));
      }
      if (storageFull(error)) {
        request.log.warn({ code: (error as { code?: unknown }).code }, 'store disk full');
        request.failure = 'disk full';
        return reply
          .code(503)
          .header('retry-after', STORE_RETRY_AFTER_S)
          .send(
            errorBody(
              503,
              'The server’s disk is full, so nothing can be saved right now; please try again later.',
            ),
          );
      }
      if (storeUnreachable(error)) {
        // Expected while the database is away: one line per request, no stack.
        request.log.warn({ err: { message: (error as Error).message } }, 'database unreachable');
        request.failure = 'database unreachable';
        return reply
          .code(503)
          .header('retry-after', STORE_RETRY_AFTER_S)
          .send(
            errorBody(
              503,
              'The server cannot reach its database right now; please try again in a moment.',
            ),
          );
      }
      request.log.error({ err: error }, 'request failed');
      request.failure = 'internal error';
      const code = status >= 500 && status < 600 ? status : 500;
      return reply.code(code).send(errorBody(code, 'Internal server error'));
    },
  );
}

const CLIENT_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};
/** Time a refused client has to read the error before its connection is closed from our side too. */
const CLIENT_ERROR_LINGER_MS = 1_000;
const CLIENT_ERROR_DETAIL: Record<number, string> = {
  400: 'The request is not valid HTTP',
  408: 'The request did not arrive in time',
  431: 'The request headers are too large',
};

/**
 * Requests Node's HTTP parser refuses never reach Fastify's error handler: they get the same
 * JSON `{status_code, detail}` here, written straight to the socket, which is then closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
  const body = JSON.stringify(errorBody(status, CLIENT_ERROR_DETAIL[status] ?? 'Bad request'));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `connection: close\r\n\r\n${body}`,
  );
  // end() only closes our side (the HTTP server allows half-open sockets): a client that never
  // closes its own (a slow-loris still dripping headers) would keep the connection for good.
  const linger = setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}
