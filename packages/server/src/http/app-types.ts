import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Static, TSchema } from '@sinclair/typebox';
import { ErrorBody, RateLimitBody, UuidHeaders } from '@supersteward/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyTypeProvider } from 'fastify';

/**
 * Types route handlers from the contract's schemas. The installed @fastify/type-provider-typebox 6
 * infers with TypeBox 1.x, while the contract is written in @sinclair/typebox 0.34, whose
 * `Static` is the right one here; validation itself is Fastify's Ajv on the JSON schemas.
 */
export interface ContractTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

/** The app as routes see it: typed by the contract's TypeBox schemas. */
export type App = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ContractTypeProvider
>;

/** Response schemas of the error statuses a route can answer (429 carries its extra fields). */
export function errorResponses(
  ...codes: number[]
): Record<number, typeof ErrorBody | typeof RateLimitBody> {
  return Object.fromEntries(codes.map((code) => [code, code === 429 ? RateLimitBody : ErrorBody]));
}

/** The `uuid` header, documented for OpenAPI (the guard checks it, not the schema). */
export const VISITOR_HEADERS = UuidHeaders;
