import {
  CSRF_HEADER,
  fillPath,
  STAFF_ENDPOINTS,
  STAFF_SESSION_COOKIE,
  type StaffEndpoint,
  type StaffSession,
} from '@supersteward/contract';
import { httpClient, type Sent } from '../../test/http-client.js';

/** The staff session cookie's value from a Set-Cookie list, and its attributes as written. */
export function sessionCookie(headers: Headers): { value: string; attributes: string } | undefined {
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...rest] = line.split(';');
    const [name, value] = pair.split('=');
    if (name?.trim() === STAFF_SESSION_COOKIE && value)
      return { value: value.trim(), attributes: rest.join(';').trim() };
  }
  return undefined;
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  json?: unknown;
  /** Override the CSRF token sent (null: none). */
  csrf?: string | null;
  /** Override the cookie sent (null: none). */
  cookie?: string | null;
  headers?: Record<string, string>;
}

/**
 * A staff member's browser, as far as the API sees it: keeps the session cookie and the CSRF
 * token of the last login, and calls endpoints of the contract's table.
 */
export function staffClient(baseUrl: string) {
  const http = httpClient(baseUrl);
  const state = { cookie: undefined as string | undefined, csrf: undefined as string | undefined };

  async function call(endpoint: StaffEndpoint, options: CallOptions = {}): Promise<Sent> {
    let path = fillPath(endpoint.path, options.params);
    if (options.query) {
      const search = new URLSearchParams(
        Object.entries(options.query).map(([k, v]): [string, string] => [k, String(v)]),
      );
      path += `?${search.toString()}`;
    }
    const headers: Record<string, string> = { ...options.headers };
    const cookie = options.cookie === undefined ? state.cookie : options.cookie;
    if (cookie) headers.cookie = `${STAFF_SESSION_COOKIE}=${cookie}`;
    const csrf = options.csrf === undefined ? state.csrf : options.csrf;
    if (csrf && endpoint.method !== 'GET') headers[CSRF_HEADER] = csrf;
    const sent = await http.send(endpoint.method, path, {
      headers,
      ...(options.json !== undefined && { json: options.json }),
    });
    const set = sessionCookie(sent.headers);
    if (set) state.cookie = set.value;
    return sent;
  }

  return {
    state,
    call,
    http,
    async login(email: string, password: string): Promise<Sent> {
      const sent = await call(STAFF_ENDPOINTS.login, { json: { email, password }, csrf: null });
      if (sent.status === 200) state.csrf = (sent.body as StaffSession).csrf_token;
      return sent;
    },
  };
}

export type StaffClient = ReturnType<typeof staffClient>;
