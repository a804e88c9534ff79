import type { Static, TSchema } from '@sinclair/typebox';
import {
  CSRF_HEADER,
  fillPath,
  STAFF_ROUTES,
  type STAFF_ENDPOINTS,
  type StaffEndpointName,
} from '@supersteward/contract/staff';
import { createStaffRequest, type StaffRequestDeps } from './staffRequest';

type Endpoints = typeof STAFF_ENDPOINTS;
type Part<K extends StaffEndpointName, F extends string> =
  Endpoints[K] extends Record<F, infer S extends TSchema> ? S : undefined;
type Typed<S> = S extends TSchema ? Static<S> : undefined;

type Field<K extends StaffEndpointName, F extends string, Optional extends boolean> =
  Part<K, F> extends TSchema
    ? Optional extends true
      ? { [P in F]?: Typed<Part<K, F>> }
      : { [P in F]: Typed<Part<K, F>> }
    : { [P in F]?: never };

/** What a call of endpoint K takes: its path parameters, query and body, as the contract types them. */
export type StaffInput<K extends StaffEndpointName> = Field<K, 'params', false> &
  Field<K, 'query', true> &
  Field<K, 'body', false> & { signal?: AbortSignal };

/** The input is required when the endpoint has path parameters or a body. */
type Args<K extends StaffEndpointName> =
  Part<K, 'params'> extends TSchema
    ? [input: StaffInput<K>]
    : Part<K, 'body'> extends TSchema
      ? [input: StaffInput<K>]
      : [input?: StaffInput<K>];

/** One function per endpoint of the contract's table: `staff.article({ params: { id } })`. */
export type StaffApi = {
  [K in StaffEndpointName]: (...args: Args<K>) => Promise<Static<Endpoints[K]['response']>>;
};

/**
 * The staff client: paths and methods from the contract's STAFF_ROUTES, types from its
 * STAFF_ENDPOINTS (types only: the schemas stay out of the browser), so nothing is written twice.
 */
export function createStaffApi(deps: Omit<StaffRequestDeps, 'csrfHeader'>): StaffApi {
  const request = createStaffRequest({ ...deps, csrfHeader: CSRF_HEADER });
  const api: Partial<Record<StaffEndpointName, unknown>> = {};
  for (const name of Object.keys(STAFF_ROUTES) as StaffEndpointName[]) {
    const endpoint = STAFF_ROUTES[name];
    api[name] = (
      input: { params?: object; query?: object; body?: unknown; signal?: AbortSignal } = {},
    ) =>
      request(
        endpoint.method,
        fillPath(endpoint.path, input.params as Record<string, string | number> | undefined),
        {
          body: input.body,
          query: input.query as Record<string, string | number | boolean | undefined> | undefined,
          signal: input.signal,
        },
      );
  }
  return api as StaffApi;
}
