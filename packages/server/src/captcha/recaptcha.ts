import type { Captcha, CaptchaResult } from './captcha.js';
import {
  CAPTCHA_VERIFY_TIMEOUT_MS,
  verifyWithSiteverify,
  type CaptchaLogger,
  type SiteverifyCheck,
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
  const check: SiteverifyCheck = {
    provider: 'reCAPTCHA',
    secretHint: 'RECAPTCHA_SECRET',
    verifyUrl: options.verifyUrl ?? RECAPTCHA_VERIFY_URL,
    secret,
    timeoutMs: options.timeoutMs ?? CAPTCHA_VERIFY_TIMEOUT_MS,
    maxTokenLength: MAX_TOKEN_LENGTH,
    logger,
  };

  return {
    provider: 'recaptcha',

    async verify(token, input): Promise<CaptchaResult> {
      const outcome = await verifyWithSiteverify(check, token, input);
      if (!outcome.ok) return outcome;
      const { score } = outcome.body;
      if (typeof score !== 'number' || !(score >= minScore)) {
        return { ok: false, reason: `low score ${String(score)}` };
      }
      return { ok: true };
    },

    publicConfig() {
      return { site_key: siteKey };
    },
  };
}
