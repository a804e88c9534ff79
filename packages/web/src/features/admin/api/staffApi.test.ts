import { describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@supersteward/contract/staff';
import { ApiError } from '../../../api/client';
import { createStaffApi } from './staffApi';

interface Seen {
  url: string;
  init: RequestInit;
}

/** A fetch that records each call and answers with the given status and JSON. */
function recordingFetch(status = 200, body: unknown = {}) {
  const seen: Seen[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { seen, fetchImpl };
}

const headersOf = (s: Seen) => s.init.headers as Record<string, string>;

describe('staff api client', () => {
  it('takes paths from the contract, fills parameters and sends only the query values given', async () => {
    const { seen, fetchImpl } = recordingFetch();
    const staff = createStaffApi({
      baseUrl: '',
      getCsrfToken: () => 'tok',
      onUnauthorized: () => undefined,
      fetch: fetchImpl,
    });
    await staff.conversation({ params: { id: 'a/b' } });
    await staff.gaps({ query: { from: '2026-11-01', to: undefined, sort: 'newest' } });
    expect(seen[0]!.url).toBe('/api/staff/conversations/a%2Fb');
    expect(seen[1]!.url).toBe('/api/staff/gaps?from=2026-11-01&sort=newest');
    expect(seen[1]!.init.credentials).toBe('same-origin');
  });

  it('sends the CSRF token on changes only, and JSON only with a body', async () => {
    const { seen, fetchImpl } = recordingFetch();
    let token: string | null = 'tok-1';
    const staff = createStaffApi({
      baseUrl: '',
      getCsrfToken: () => token,
      onUnauthorized: () => undefined,
      fetch: fetchImpl,
    });
    await staff.me();
    await staff.createUser({ body: { email: 'a@b.example', role: 'viewer' } });
    token = 'tok-2';
    await staff.logout();
    expect(headersOf(seen[0]!)[CSRF_HEADER]).toBeUndefined();
    expect(headersOf(seen[1]!)[CSRF_HEADER]).toBe('tok-1');
    expect(headersOf(seen[1]!)['content-type']).toBe('application/json');
    expect(seen[1]!.init.body).toBe('{"email":"a@b.example","role":"viewer"}');
    expect(headersOf(seen[2]!)[CSRF_HEADER]).toBe('tok-2');
    expect(headersOf(seen[2]!)['content-type']).toBeUndefined();
    expect(seen[2]!.init.method).toBe('POST');
  });

  it('reports a 401 as the end of the session and throws the error body', async () => {
    const { fetchImpl } = recordingFetch(401, { status_code: 401, detail: 'No session' });
    let ended = 0;
    const staff = createStaffApi({
      baseUrl: '',
      getCsrfToken: () => null,
      onUnauthorized: () => (ended += 1),
      fetch: fetchImpl,
    });
    const error = await staff.overview().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).body).toEqual({ status_code: 401, detail: 'No session' });
    expect(ended).toBe(1);
  });
});
