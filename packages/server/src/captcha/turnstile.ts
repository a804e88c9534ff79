import type { Captcha, CaptchaResult } from './captcha.js';
import {
  CAPTCHA_VERIFY_TIMEOUT_MS,
  verifyWithSiteverify,
  type CaptchaLogger,
  type SiteverifyCheck,
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
  const check: SiteverifyCheck = {
    provider: 'Turnstile',
    secretHint: 'TURNSTILE_SECRET',
    verifyUrl: options.verifyUrl ?? TURNSTILE_VERIFY_URL,
    secret,
    timeoutMs: options.timeoutMs ?? CAPTCHA_VERIFY_TIMEOUT_MS,
    maxTokenLength: MAX_TOKEN_LENGTH,
    logger,
  };

  return {
    provider: 'turnstile',

    async verify(token, input): Promise<CaptchaResult> {
      const outcome = await verifyWithSiteverify(check, token, input);
      return outcome.ok ? { ok: true } : outcome;
    },

    publicConfig() {
      return { site_key: siteKey };
    },
  };
}
