import type {
  AnswerRequest,
  FeedbackRequest,
  PassengerArgs,
  PassengerEndpointName,
  PassengerResponse,
  RegisterRoomRequest,
  Sent,
} from '@supersteward/contract';
import { passengerClient } from '@supersteward/contract';

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
    ? body.status_code
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

/**
 * Sends with a timeout (and the caller's signal, when given): the body of a 2xx answer, ApiError
 * for any other.
 */
export async function answered<T>(
  sending: (signal: AbortSignal) => Promise<Sent<T>>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<T> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const sent = await sending(signal ? anySignal(signal, timeout) : timeout);
  if (!sent.ok) throw new ApiError(sent.status, sent.body, sent.path);
  return sent.body;
}

export interface ApiClientOptions {
  /** Origin + prefix of the API; '' for the same origin. */
  baseUrl: string;
  /** The visitor id, read on every request (local storage key `uuid`). */
  getUuid: () => string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The passengers' API as the app calls it: the contract's typed client (methods, paths and headers
 * from the contract's endpoint table) with the visitor's id, a timeout on every call, and a
 * non-2xx answer thrown as ApiError.
 */
export function createApiClient(options: ApiClientOptions) {
  const client = passengerClient({ ...options, credentials: 'include' });
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  const call = <K extends PassengerEndpointName>(
    name: K,
    ...[input]: PassengerArgs<K>
  ): Promise<PassengerResponse<K>> =>
    answered(
      (signal) => client.send(name, ...([{ ...input, signal }] as PassengerArgs<K>)),
      timeoutMs,
      input?.signal,
    );

  return {
    config: () => call('config'),
    createUuid: () => call('createUuid'),
    threads: () => call('threads'),
    answer: (body: AnswerRequest, captcha: string | null) => call('answer', { body, captcha }),
    history: (id: string, signal?: AbortSignal) => call('history', { params: { id }, signal }),
    deleteThread: (id: string, captcha: string | null) =>
      call('deleteThread', { params: { id }, captcha }),
    deleteAll: () => call('deleteAll'),
    feedback: (body: FeedbackRequest, captcha: string | null) =>
      call('feedback', { body, captcha }),
    registerRoom: (body: RegisterRoomRequest) => call('registerRoom', { body }),
    /** GET a JSON document from a path or absolute URL the server named (the ALTCHA challenge). */
    getJson: <T>(path: string) =>
      answered((signal) => client.request('GET', path, { signal }) as Promise<Sent<T>>, timeoutMs),
  };
}
