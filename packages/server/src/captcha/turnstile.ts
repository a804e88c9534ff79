import type { Captcha, CaptchaResult } from './captcha.js';
import {
  CAPTCHA_VERIFY_TIMEOUT_MS,
  CONFIG_ERROR_CODES,
  errorCodes,
  expectedActions,
  postSiteverify,
  type CaptchaLogger,
} from './siteverify.js';

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
/** Cloudflare: "the token can only have a maximum length of 2048 characters". */
const MAX_TOKEN_LENGTH = 2_048;

export interface TurnstileCaptchaOptions {
  secret: string;
  siteKey: string;
  /** Cloudflare's siteverify unless overridden (tests point it at a local server). */
  verifyUrl?: string;
  timeoutMs?: number;
  logger: CaptchaLogger;
}

/** Cloudflare Turnstile: accepted when Cloudflare says success and the widget's action is expected. */
export function createTurnstileCaptcha(options: TurnstileCaptchaOptions): Captcha {
  const { secret, siteKey, logger } = options;
  if (!secret) throw new Error('Turnstile secret must not be empty');
  if (!siteKey) throw new Error('Turnstile site key must not be empty');
  const verifyUrl = options.verifyUrl ?? TURNSTILE_VERIFY_URL;
  const timeoutMs = options.timeoutMs ?? CAPTCHA_VERIFY_TIMEOUT_MS;

  return {
    provider: 'turnstile',

    async verify(token, { action, ip }): Promise<CaptchaResult> {
      if (!token) return { ok: false, reason: 'missing token' };
      if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'token too long' };

      const outcome = await postSiteverify(
        verifyUrl,
        { secret, response: token, remoteip: ip },
        timeoutMs,
      );
      if (!outcome.ok) {
        logger.warn(
          { reason: outcome.reason },
          'Turnstile verification unavailable; request refused',
        );
        return outcome;
      }
      const { body } = outcome;
      const codes = errorCodes(body);
      if (codes.some((c) => CONFIG_ERROR_CODES.has(c))) {
        logger.error(
          { errorCodes: codes },
          'Turnstile refused our request; check the Turnstile secret',
        );
      }
      if (body.success !== true) {
        return { ok: false, reason: `rejected${codes.length ? `: ${codes.join(',')}` : ''}` };
      }
      const accepted = expectedActions(action);
      if (typeof body.action !== 'string' || !accepted.includes(body.action)) {
        return { ok: false, reason: `unexpected action ${JSON.stringify(body.action ?? null)}` };
      }
      return { ok: true };
    },

    publicConfig() {
      return { site_key: siteKey };
    },
  };
}
