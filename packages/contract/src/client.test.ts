import { describe, expect, it } from 'vitest';
import { passengerClient } from './client.js';

interface Seen {
  url: string;
  init: RequestInit;
}

function recordingFetch(status: number, text: string) {
  const seen: Seen[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(text, { status });
  }) as unknown as typeof fetch;
  return { seen, fetchImpl };
}

describe('the passenger client', () => {
  it('calls the endpoint of the table: method, filled path, visitor and captcha headers', async () => {
    const { seen, fetchImpl } = recordingFetch(200, '{"deleted":1}');
    const client = passengerClient({ baseUrl: 'http://x', fetch: fetchImpl, getUuid: () => 'u-1' });
    const sent = await client.send('deleteThread', { params: { id: 'a/b' }, captcha: 'tok' });
    expect(seen[0]?.url).toBe('http://x/assistant/threads/a%2Fb');
    expect(seen[0]?.init.method).toBe('DELETE');
    expect(seen[0]?.init.headers).toMatchObject({ uuid: 'u-1', 'x-captcha-token': 'tok' });
    expect(seen[0]?.init.body).toBeUndefined();
    expect(sent).toMatchObject({ ok: true, status: 200, body: { deleted: 1 } });
  });

  it("sends a call's own visitor id, or none, instead of the client's", async () => {
    const { seen, fetchImpl } = recordingFetch(200, '[]');
    const client = passengerClient({ baseUrl: '', fetch: fetchImpl, getUuid: () => 'mine' });
    await client.send('threads', { uuid: 'other' });
    await client.send('threads', { uuid: null });
    expect((seen[0]?.init.headers as Record<string, string>).uuid).toBe('other');
    expect((seen[1]?.init.headers as Record<string, string>).uuid).toBeUndefined();
  });

  it('sends the body as JSON and returns a failure as it came, text kept when not JSON', async () => {
    const { seen, fetchImpl } = recordingFetch(502, 'Bad gateway');
    const client = passengerClient({ baseUrl: '', fetch: fetchImpl });
    const sent = await client.send('answer', { body: { question: 'Pas?' } });
    expect(seen[0]?.init.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(seen[0]?.init.body).toBe('{"question":"Pas?"}');
    expect(sent).toMatchObject({
      ok: false,
      status: 502,
      body: 'Bad gateway',
      path: '/assistant/answer',
    });
  });
});
