import type { BaseLogger } from 'pino';

/** Verify calls fail closed after this long. */
export const CAPTCHA_VERIFY_TIMEOUT_MS = 5_000;

export type CaptchaLogger = Pick<BaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export type SiteverifyOutcome =
  { ok: true; body: Record<string, unknown> } | { ok: false; reason: string };

/**
 * POSTs a form to a siteverify endpoint (Google reCAPTCHA and Cloudflare Turnstile speak the
 * same protocol) and returns its JSON object. Every failure of the call itself is an
 * `ok: false` outcome, so the caller fails closed.
 */
export async function postSiteverify(
  url: string,
  form: Record<string, string>,
  timeoutMs: number,
): Promise<SiteverifyOutcome> {
  let response: Response;
  let text: string;
  try {
    // One signal for the headers and the body: a server that stalls mid-body still times out.
    const signal = AbortSignal.timeout(timeoutMs);
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      signal,
      redirect: 'error',
    });
    text = await response.text();
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    return {
      ok: false,
      reason:
        name === 'TimeoutError' || name === 'AbortError' ? 'verify timeout' : 'verify unreachable',
    };
  }
  if (response.status !== 200) return { ok: false, reason: `verify http ${response.status}` };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'verify malformed response' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, reason: 'verify malformed response' };
  }
  return { ok: true, body: body as Record<string, unknown> };
}

/** The `error-codes` of a siteverify answer, whatever shape arrived. */
export function errorCodes(body: Record<string, unknown>): string[] {
  const codes = body['error-codes'];
  return Array.isArray(codes) ? codes.filter((c): c is string => typeof c === 'string') : [];
}

/** Error codes that mean our own configuration is wrong, not the visitor's token. */
export const CONFIG_ERROR_CODES = new Set([
  'missing-input-secret',
  'invalid-input-secret',
  'bad-request',
  'internal-error',
]);

export function expectedActions(action: string | string[]): string[] {
  return Array.isArray(action) ? action : [action];
}
