import type { CaptchaAction, CaptchaProvider } from '@supersteward/contract';
import type { App } from '../http/app-types.js';

export type CaptchaResult = { ok: true } | { ok: false; reason: string };

/** Server-side check of the `X-CAPTCHA-TOKEN` header; fails closed. */
export interface Captcha {
  readonly provider: CaptchaProvider;
  /** Where its browser part loads scripts and frames from (the page's CSP allows them). */
  readonly csp: CaptchaSources;
  verify(
    token: string | undefined,
    input: { action: CaptchaAction | CaptchaAction[]; ip: string },
  ): Promise<CaptchaResult>;
  /** Public data for /api/config (site key, challenge URL). */
  publicConfig(): { site_key?: string; challenge_url?: string };
  /** Rejects, with the reason, while a part it relies on (the shared replay guard) is down. */
  ping?(): Promise<void>;
  /** Routes the provider serves itself (ALTCHA's challenges). */
  registerRoutes?(app: App): void;
}

/** Origins a provider's widget needs in the page's Content-Security-Policy. */
export interface CaptchaSources {
  script: readonly string[];
  frame: readonly string[];
  connect: readonly string[];
}

/** Self-hosted providers load nothing from elsewhere. */
export const NO_SOURCES: CaptchaSources = { script: [], frame: [], connect: [] };
