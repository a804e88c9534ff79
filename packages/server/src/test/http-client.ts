import { CAPTCHA_HEADER, passengerClient, UUID_HEADER } from '@supersteward/contract';

export interface Sent {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when the answer is not JSON. */
  body: unknown;
  text: string;
}

export interface SendOptions {
  uuid?: string;
  captcha?: string;
  /** Sent as JSON with content-type application/json. */
  json?: unknown;
  /** Sent as is (with `contentType` when given). */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Real HTTP to a running app: `call` the way the web app calls it (the contract's passenger client:
 * an endpoint of its table, typed input), `send` for anything else, malformed requests included.
 */
export function httpClient(baseUrl: string) {
  const passenger = passengerClient({ baseUrl });
  async function send(method: string, path: string, options: SendOptions = {}): Promise<Sent> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.uuid !== undefined) headers[UUID_HEADER] = options.uuid;
    if (options.captcha !== undefined) headers[CAPTCHA_HEADER] = options.captcha;
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (options.raw !== undefined) {
      body = options.raw;
    }
    if (options.contentType !== undefined) headers['content-type'] = options.contentType;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body,
      signal: options.signal,
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  return {
    send,
    call: passenger.send,
    async createVisitor(): Promise<string> {
      const sent = await passenger.send('createUuid');
      if (!sent.ok) throw new Error(`create_uuid answered ${sent.status}: ${sent.text}`);
      return sent.body.id;
    },
  };
}
export type HttpClient = ReturnType<typeof httpClient>;
