import { UUID_HEADER } from '@supersteward/contract';
import type { FastifyRequest } from 'fastify';
import type { Store } from '../store/store.js';
import { ApiError } from './api-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor of a guarded route (lower-case uuid), set by the uuid guard. */
    visitorId: string;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** The spec's client starts over with a new id when it sees this (404 with `status_code` in the body). */
export const UNKNOWN_VISITOR = 'Unknown visitor: create a new id with POST /user/create_uuid';

/**
 * onRequest guard of every visitor route: the `uuid` header must name a known visitor, else
 * 404 with body `status_code: 404`. Runs before the body is read, so strangers cost no parsing.
 */
export function visitorGuard(store: Store) {
  return async function guardVisitor(request: FastifyRequest): Promise<void> {
    const header = request.headers[UUID_HEADER];
    if (!isUuid(header)) throw new ApiError(404, UNKNOWN_VISITOR);
    const visitorId = header.toLowerCase();
    if (!(await store.userExists(visitorId))) throw new ApiError(404, UNKNOWN_VISITOR);
    request.visitorId = visitorId;
  };
}
