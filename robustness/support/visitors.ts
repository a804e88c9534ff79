import {
  passengerRoute,
  type AnswerResponse,
  type PassengerEndpointName,
} from '@supersteward/contract';
import { solveAltcha } from '../../packages/server/src/test/altcha-solver.js';
import { rawRequest, type RawSent } from './raw-http.js';

export interface JsonRequest {
  uuid?: string;
  /** An ALTCHA token, or `true` to solve a fresh challenge of the target first. */
  captcha?: string | true;
  json?: unknown;
  headers?: Record<string, string | string[]>;
  timeoutMs?: number;
}

/** Requests the way the web app makes them (JSON body, `uuid` and captcha headers). */
export function client(baseUrl: string) {
  async function send(method: string, path: string, options: JsonRequest = {}): Promise<RawSent> {
    const headers: Record<string, string | string[]> = { ...options.headers };
    if (options.uuid !== undefined) headers['uuid'] = options.uuid;
    if (options.captcha !== undefined)
      headers['x-captcha-token'] =
        options.captcha === true ? await solveAltcha(baseUrl) : options.captcha;
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    }
    return rawRequest(baseUrl, { method, path, headers, body, timeoutMs: options.timeoutMs });
  }

  /**
   * A passenger endpoint by its name in the contract (method and path from PASSENGER_ROUTES, path
   * parameters filled in and encoded); the body is sent as given, well-formed or not.
   */
  function call(
    name: PassengerEndpointName,
    options: JsonRequest & { params?: Record<string, string> } = {},
  ): Promise<RawSent> {
    return send(...passengerRoute(name, options.params), options);
  }

  return {
    send,
    call,
    async createVisitor(headers: Record<string, string> = {}): Promise<string> {
      const sent = await call('createUuid', { headers });
      if (sent.status !== 200) throw new Error(`create_uuid answered ${sent.status}: ${sent.text}`);
      return (sent.body as { id: string }).id;
    },
    /** Asks and expects the answer (200). */
    async ask(
      uuid: string,
      question: string,
      options: {
        threadId?: string;
        captcha?: string | true;
        headers?: Record<string, string>;
        timeoutMs?: number;
      } = {},
    ): Promise<AnswerResponse> {
      const sent = await call('answer', {
        uuid,
        captcha: options.captcha ?? true,
        headers: options.headers,
        timeoutMs: options.timeoutMs,
        json: {
          question,
          language: 'en',
          ...(options.threadId ? { thread_id: options.threadId } : {}),
        },
      });
      if (sent.status !== 200) throw new Error(`answer answered ${sent.status}: ${sent.text}`);
      return sent.body as AnswerResponse;
    },
  };
}
export type Client = ReturnType<typeof client>;
