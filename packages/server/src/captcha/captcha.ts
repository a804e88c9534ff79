import type { CaptchaAction } from '@supersteward/contract';

export type CaptchaResult = { ok: true } | { ok: false; reason: string };

/** Server-side check of the `X-CAPTCHA-TOKEN` header; fails closed. */
export interface Captcha {
  readonly provider: 'altcha' | 'recaptcha' | 'turnstile' | 'none';
  verify(
    token: string | undefined,
    input: { action: CaptchaAction | CaptchaAction[]; ip: string },
  ): Promise<CaptchaResult>;
  /** Public data for /api/config (site key, challenge URL). */
  publicConfig(): { site_key?: string; challenge_url?: string };
}
