import { jsonClient, type HttpMethod, type Sent } from '@supersteward/contract';
import { answered, ApiError, REQUEST_TIMEOUT_MS } from '../../../api/client';

export type QueryValue = string | number | boolean | undefined | null;

export interface StaffRequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

export interface StaffRequestDeps {
  /** The header the CSRF token goes in (the contract's CSRF_HEADER). */
  csrfHeader: string;
  /** Origin + prefix of the API; '' for the same origin. */
  baseUrl: string;
  /** The session's CSRF token, sent on every state-changing call. */
  getCsrfToken: () => string | null;
  /** Called when the server says the session is gone (401), before the error is thrown. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type StaffRequest = <T>(
  method: string,
  path: string,
  opts?: StaffRequestOptions,
) => Promise<T>;

function withQuery(path: string, query: StaffRequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * One staff call: the session cookie goes by itself (same origin), the CSRF token in its header on
 * anything but GET, JSON in and out (the contract's jsonClient, as the passengers' calls); a
 * non-2xx answer throws ApiError with the `{status_code, detail}` body.
 */
export function createStaffRequest(deps: StaffRequestDeps): StaffRequest {
  const request = jsonClient({ ...deps, credentials: 'same-origin' });
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  return <T>(method: string, path: string, opts: StaffRequestOptions = {}): Promise<T> => {
    const headers: Record<string, string> = {};
    if (method !== 'GET' && method !== 'HEAD') {
      const token = deps.getCsrfToken();
      if (token) headers[deps.csrfHeader] = token;
    }
    return answered(
      async (signal) => {
        const sent = await request(method as HttpMethod, withQuery(path, opts.query), {
          headers,
          body: opts.body,
          signal,
        });
        if (sent.status === 401) deps.onUnauthorized();
        return sent as Sent<T>;
      },
      timeoutMs,
      opts.signal,
    );
  };
}

/** The `detail` of an API error body, when there is one. */
export function errorDetail(error: unknown): string | null {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const detail = (error.body as { detail?: unknown }).detail;
    return typeof detail === 'string' ? detail : null;
  }
  return null;
}
