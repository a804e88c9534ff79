import type { Captcha, CaptchaResult } from './captcha.js';
import {
  CAPTCHA_VERIFY_TIMEOUT_MS,
  CONFIG_ERROR_CODES,
  errorCodes,
  expectedActions,
  postSiteverify,
  type CaptchaLogger,
} from './siteverify.js';

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** Google's tokens are a few hundred to ~2,000 characters. */
const MAX_TOKEN_LENGTH = 4_096;

export interface RecaptchaCaptchaOptions {
  secret: string;
  siteKey: string;
  /** Scores run from 0.0 (a bot) to 1.0; below this the request is refused. */
  minScore: number;
  /** Google's siteverify unless overridden (tests point it at a local server). */
  verifyUrl?: string;
  timeoutMs?: number;
  logger: CaptchaLogger;
}

/** reCAPTCHA v3: a token is accepted when Google says success, the action is expected and the score is high enough. */
export function createRecaptchaCaptcha(options: RecaptchaCaptchaOptions): Captcha {
  const { secret, siteKey, minScore, logger } = options;
  if (!secret) throw new Error('reCAPTCHA secret must not be empty');
  if (!siteKey) throw new Error('reCAPTCHA site key must not be empty');
  if (!(minScore >= 0 && minScore <= 1))
    throw new Error(`reCAPTCHA minScore must be within 0..1, got ${minScore}`);
  const verifyUrl = options.verifyUrl ?? RECAPTCHA_VERIFY_URL;
  const timeoutMs = options.timeoutMs ?? CAPTCHA_VERIFY_TIMEOUT_MS;

  return {
    provider: 'recaptcha',

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
          'reCAPTCHA verification unavailable; request refused',
        );
        return outcome;
      }
      const { body } = outcome;
      const codes = errorCodes(body);
      if (codes.some((c) => CONFIG_ERROR_CODES.has(c))) {
        logger.error(
          { errorCodes: codes },
          'reCAPTCHA refused our request; check RECAPTCHA_SECRET',
        );
      }
      if (body.success !== true) {
        return { ok: false, reason: `rejected${codes.length ? `: ${codes.join(',')}` : ''}` };
      }
      const accepted = expectedActions(action);
      if (typeof body.action !== 'string' || !accepted.includes(body.action)) {
        return { ok: false, reason: `unexpected action ${JSON.stringify(body.action ?? null)}` };
      }
      if (typeof body.score !== 'number' || !(body.score >= minScore)) {
        return { ok: false, reason: `low score ${String(body.score)}` };
      }
      return { ok: true };
    },

    publicConfig() {
      return { site_key: siteKey };
    },
  };
}
