import type {
  AnswerRequest,
  AnswerResponse,
  CreateUuidResponse,
  DeleteResponse,
  FeedbackRequest,
  FeedbackResponse,
  HistoryResponse,
  PublicConfig,
  RegisterRoomRequest,
  RegisterRoomResponse,
  ThreadList,
} from '@supersteward/contract';
import { CAPTCHA_HEADER, UUID_HEADER } from '@supersteward/contract';

/** Every request gives up after 180 s. */
export const REQUEST_TIMEOUT_MS = 180_000;

/** A non-2xx answer; `body` is the parsed JSON error (`{status_code, detail}`) when there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown, path: string) {
    super(`${path} answered ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** True when the server says the visitor (or the thread) is unknown: HTTP 404 or `status_code: 404`. */
export function isNotFound(errorOrBody: unknown): boolean {
  if (errorOrBody instanceof ApiError) {
    return errorOrBody.status === 404 || bodyStatus(errorOrBody.body) === 404;
  }
  return bodyStatus(errorOrBody) === 404;
}

function bodyStatus(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'status_code' in body
    ? (body as { status_code: unknown }).status_code
    : undefined;
}

/** AbortSignal.any arrived in 2023 browsers; older phones get the same effect by hand. */
function anySignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const controller = new AbortController();
  for (const s of [a, b]) {
    if (s.aborted) controller.abort(s.reason);
    else s.addEventListener('abort', () => controller.abort(s.reason), { once: true });
  }
  return controller.signal;
}

export interface ApiClientOptions {
  /** Origin + prefix of the API; '' for the same origin. */
  baseUrl: string;
  /** The visitor id, read on every request (local storage key `uuid`). */
  getUuid: () => string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface RequestOptions {
  body?: unknown;
  captchaToken?: string | null;
  signal?: AbortSignal;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const uuid = options.getUuid();
    if (uuid) headers[UUID_HEADER] = uuid;
    // Fastify refuses an empty body announced as JSON: only say JSON when there is a body.
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.captchaToken) headers[CAPTCHA_HEADER] = opts.captchaToken;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? anySignal(opts.signal, timeout) : timeout;
    const url = /^https?:\/\//.test(path) ? path : `${options.baseUrl}${path}`;
    const response = await doFetch(url, {
      method,
      headers,
      credentials: 'include',
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal,
    });
    const text = await response.text();
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (!response.ok) throw new ApiError(response.status, parsed, path);
    return parsed as T;
  }

  return {
    config: () => request<PublicConfig>('GET', '/api/config'),
    createUuid: () => request<CreateUuidResponse>('POST', '/user/create_uuid'),
    threads: () => request<ThreadList>('GET', '/assistant/threads'),
    answer: (body: AnswerRequest, captchaToken: string | null) =>
      request<AnswerResponse>('POST', '/assistant/answer', { body, captchaToken }),
    history: (threadId: string, signal?: AbortSignal) =>
      request<HistoryResponse>(
        'GET',
        `/assistant/threads/${encodeURIComponent(threadId)}/history`,
        { signal },
      ),
    deleteThread: (threadId: string, captchaToken: string | null) =>
      request<DeleteResponse>('DELETE', `/assistant/threads/${encodeURIComponent(threadId)}`, {
        captchaToken,
      }),
    deleteAll: () => request<DeleteResponse>('DELETE', '/assistant/threads/all'),
    feedback: (body: FeedbackRequest, captchaToken: string | null) =>
      request<FeedbackResponse>('POST', '/assistant/message/feedback', { body, captchaToken }),
    registerRoom: (body: RegisterRoomRequest) =>
      request<RegisterRoomResponse>('POST', '/ws/register_to_room/', { body }),
    /** GET a JSON document from a path or absolute URL the server named (the ALTCHA challenge). */
    getJson: <T>(path: string) => request<T>('GET', path),
  };
}
