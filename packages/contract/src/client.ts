import type { Static, TSchema } from '@sinclair/typebox';
import { CAPTCHA_HEADER, UUID_HEADER } from './constants.js';
import type { PASSENGER_ENDPOINTS, PassengerEndpointName } from './endpoints.js';
import { fillPath, type HttpMethod } from './paths.js';
import { PASSENGER_ROUTES } from './routes.js';

type Endpoints = typeof PASSENGER_ENDPOINTS;
type Schema<K extends PassengerEndpointName, F extends string> =
  Endpoints[K] extends Record<F, infer S extends TSchema> ? S : undefined;
type Field<K extends PassengerEndpointName, F extends string> =
  Schema<K, F> extends TSchema ? { [P in F]: Static<Schema<K, F>> } : { [P in F]?: never };

/** What every call may add to its endpoint's own input. */
export interface CallOptions {
  /** The visitor id sent in the `uuid` header; the client's `getUuid()` when left out. */
  uuid?: string | null;
  /** The captcha token sent in X-CAPTCHA-TOKEN; none when null or left out. */
  captcha?: string | null;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** What a call of endpoint K takes: its path parameters and body as the contract types them. */
export type PassengerInput<K extends PassengerEndpointName> = Field<K, 'params'> &
  Field<K, 'body'> &
  CallOptions;

/** What endpoint K answers with on success. */
export type PassengerResponse<K extends PassengerEndpointName> = Static<Endpoints[K]['response']>;

/** The input is required when the endpoint has path parameters or a body. */
export type PassengerArgs<K extends PassengerEndpointName> =
  Schema<K, 'params'> extends TSchema
    ? [input: PassengerInput<K>]
    : Schema<K, 'body'> extends TSchema
      ? [input: PassengerInput<K>]
      : [input?: PassengerInput<K>];

/** An answer: the parsed JSON body (the text when it is not JSON, null when empty). */
export type Sent<T = unknown> = {
  status: number;
  headers: Headers;
  text: string;
  /** The path asked (parameters filled in). */
  path: string;
} & ({ ok: true; body: T } | { ok: false; body: unknown });

/** Method and path (its parameters filled in) of a passenger endpoint, from PASSENGER_ROUTES. */
export function passengerRoute(
  name: PassengerEndpointName,
  params?: Record<string, string>,
): [method: HttpMethod, path: string] {
  const [method, path] = PASSENGER_ROUTES[name].split(' ') as [HttpMethod, string];
  return [method, fillPath(path, params)];
}

export interface JsonClientOptions {
  /** Origin (and prefix) of the API; '' for the page's own origin. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** The visitor id of calls that do not name one, read at each call. */
  getUuid?: () => string | null;
  credentials?: RequestInit['credentials'];
}

/** What one request may carry besides its method and path. */
export type RequestInput = CallOptions & { body?: unknown };

/**
 * One request to a path of the API or an absolute URL: JSON in (declared only when there is a
 * body) and out, the visitor's id and captcha token in their headers when given. The answer is
 * returned, never thrown. The passengers' client below and the staff console send through it.
 */
export function jsonClient(options: JsonClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  return async function request(
    method: HttpMethod,
    path: string,
    input: RequestInput = {},
  ): Promise<Sent> {
    const headers: Record<string, string> = { ...input.headers };
    const uuid = input.uuid === undefined ? options.getUuid?.() : input.uuid;
    if (uuid) headers[UUID_HEADER] = uuid;
    if (input.captcha) headers[CAPTCHA_HEADER] = input.captcha;
    // Fastify refuses an empty body announced as JSON: only say JSON when there is a body.
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    const url = /^https?:\/\//.test(path) ? path : `${options.baseUrl}${path}`;
    const response = await doFetch(url, {
      method,
      headers,
      credentials: options.credentials,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      signal: input.signal,
    });
    const text = await response.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return {
      ok: response.ok,
      status: response.status,
      headers: response.headers,
      text,
      path,
      body,
    };
  };
}

/**
 * The passengers' API as its clients call it: `send('history', { params: { id }, uuid })`, with the
 * method and path from the contract's PASSENGER_ROUTES and the types from PASSENGER_ENDPOINTS
 * (types only: no schema reaches the browser). Answers are returned, never thrown: the web app
 * turns a failure into its error, a test looks at the status.
 */
export function passengerClient(options: JsonClientOptions) {
  const request = jsonClient(options);

  function send<K extends PassengerEndpointName>(
    name: K,
    ...[input]: PassengerArgs<K>
  ): Promise<Sent<PassengerResponse<K>>> {
    const given = (input ?? {}) as RequestInput & { params?: Record<string, string> };
    return request(...passengerRoute(name, given.params), given) as Promise<
      Sent<PassengerResponse<K>>
    >;
  }

  return { send, request };
}

export type PassengerClient = ReturnType<typeof passengerClient>;
