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

export interface SiteverifyCheck {
  /** Provider name for the logs. */
  provider: string;
  /** What to check when the provider refuses our own request. */
  secretHint: string;
  verifyUrl: string;
  secret: string;
  timeoutMs: number;
  maxTokenLength: number;
  logger: CaptchaLogger;
}

/**
 * The steps reCAPTCHA and Turnstile share: bound the token, ask siteverify, require success and
 * an expected action. Returns the provider's answer for any check of its own (reCAPTCHA's score).
 */
export async function verifyWithSiteverify(
  check: SiteverifyCheck,
  token: string | undefined,
  input: { action: string | string[]; ip: string },
): Promise<SiteverifyOutcome> {
  if (!token) return { ok: false, reason: 'missing token' };
  if (token.length > check.maxTokenLength) return { ok: false, reason: 'token too long' };

  const outcome = await postSiteverify(
    check.verifyUrl,
    { secret: check.secret, response: token, remoteip: input.ip },
    check.timeoutMs,
  );
  if (!outcome.ok) {
    check.logger.warn(
      { reason: outcome.reason },
      `${check.provider} verification unavailable; request refused`,
    );
    return outcome;
  }
  const { body } = outcome;
  const codes = errorCodes(body);
  if (codes.some((c) => CONFIG_ERROR_CODES.has(c))) {
    check.logger.error(
      { errorCodes: codes },
      `${check.provider} refused our request; check ${check.secretHint}`,
    );
  }
  if (body.success !== true) {
    return { ok: false, reason: `rejected${codes.length ? `: ${codes.join(',')}` : ''}` };
  }
  if (typeof body.action !== 'string' || !expectedActions(input.action).includes(body.action)) {
    return { ok: false, reason: `unexpected action ${JSON.stringify(body.action ?? null)}` };
  }
  return outcome;
}
