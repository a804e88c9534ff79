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
      request.log.error({ err: error }, 'request failed');
      request.failure = 'internal error';
      const code = status >= 500 && status < 600 ? status : 500;
      return reply.code(code).send(errorBody(code, 'Internal server error'));
    },
  );
}
