import { ErrorBody, RateLimitBody } from '@supersteward/contract';
import type { FastifyInstance } from 'fastify';

/**
 * The app as routes see it. Routes of the contract's tables get their request parts typed from the
 * table's schemas (http/contract-route.ts); validation itself is Fastify's Ajv on those schemas.
 */
export type App = FastifyInstance;

/** Response schemas of the error statuses a route can answer (429 carries its extra fields). */
export function errorResponses(
  ...codes: number[]
): Record<number, typeof ErrorBody | typeof RateLimitBody> {
  return Object.fromEntries(codes.map((code) => [code, code === 429 ? RateLimitBody : ErrorBody]));
}
