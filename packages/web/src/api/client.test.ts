import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, isNotFound, REQUEST_TIMEOUT_MS } from './client';

interface Seen {
  url: string;
  init: RequestInit;
}

/** A fetch that records each call and answers with the given status and JSON. */
function recordingFetch(status = 200, body: unknown = {}) {
  const seen: Seen[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(body === undefined ? '' : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { seen, fetchImpl };
}

const headersOf = (s: Seen) => s.init.headers as Record<string, string>;

describe('api client', () => {
  it('sends the uuid header from storage on every request, read at call time', async () => {
    const { seen, fetchImpl } = recordingFetch(200, []);
    let uuid: string | null = null;
    const api = createApiClient({ baseUrl: 'http://x', getUuid: () => uuid, fetch: fetchImpl });
    await api.threads();
    uuid = 'u-1';
    await api.threads();
    expect(headersOf(seen[0]!).uuid).toBeUndefined();
    expect(headersOf(seen[1]!).uuid).toBe('u-1');
    expect(seen[1]!.url).toBe('http://x/assistant/threads');
    expect(seen[1]!.init.credentials).toBe('include');
    expect(seen[1]!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('declares JSON only when there is a body', async () => {
    const { seen, fetchImpl } = recordingFetch(200, { deleted: 1 });
    const api = createApiClient({ baseUrl: '', getUuid: () => 'u', fetch: fetchImpl });
    await api.deleteAll();
    await api.deleteThread('t 1', 'tok');
    await api.createUuid();
    await api.answer({ question: 'Pas?', thread_id: null, language: 'mne' }, 'tok2');
    const [all, one, create, answer] = seen;
    for (const bodiless of [all!, one!, create!]) {
      expect(headersOf(bodiless)['content-type']).toBeUndefined();
      expect(bodiless.init.body).toBeUndefined();
    }
    expect(all!.init.method).toBe('DELETE');
    expect(one!.url).toBe('/assistant/threads/t%201');
    expect(headersOf(one!)['x-captcha-token']).toBe('tok');
    expect(headersOf(answer!)['content-type']).toBe('application/json');
    expect(headersOf(answer!)['x-captcha-token']).toBe('tok2');
    expect(JSON.parse(answer!.init.body as string)).toEqual({
      question: 'Pas?',
      thread_id: null,
      language: 'mne',
    });
  });

  it('leaves the captcha header out when there is no token', async () => {
    const { seen, fetchImpl } = recordingFetch(200, { message_id: 'm', sentiment: null });
    const api = createApiClient({ baseUrl: '', getUuid: () => 'u', fetch: fetchImpl });
    await api.feedback({ message_id: 'm', sentiment: null }, null);
    expect(headersOf(seen[0]!)['x-captcha-token']).toBeUndefined();
  });

  it('throws ApiError with the parsed body on a non-2xx answer', async () => {
    const body = { status_code: 404, detail: 'unknown visitor' };
    const { fetchImpl } = recordingFetch(404, body);
    const api = createApiClient({ baseUrl: '', getUuid: () => 'u', fetch: fetchImpl });
    const error = await api.threads().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).body).toEqual(body);
    expect(isNotFound(error)).toBe(true);
    expect(isNotFound({ status_code: 404 })).toBe(true);
    expect(isNotFound(new ApiError(429, { status_code: 429 }, '/x'))).toBe(false);
  });

  it('gives up after the configured timeout (spec: 180 s)', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(180_000);
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      })) as unknown as typeof fetch;
    const api = createApiClient({
      baseUrl: '',
      getUuid: () => null,
      fetch: hanging,
      timeoutMs: 20,
    });
    await expect(api.threads()).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
