import type { Captcha, CaptchaSources } from './captcha.js';
import { captchaProvider } from './provider.js';
import {
  siteverifyCaptcha,
  siteverifySettings,
  type SiteverifyCaptchaOptions,
  type SiteverifyProvider,
} from './siteverify-provider.js';

/** Cloudflare serves the widget script, its frame and its calls from one origin. */
export const TURNSTILE_SOURCES: CaptchaSources = {
  script: ['https://challenges.cloudflare.com'],
  frame: ['https://challenges.cloudflare.com'],
  connect: ['https://challenges.cloudflare.com'],
};

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

const TURNSTILE: SiteverifyProvider = {
  id: 'turnstile',
  label: 'Turnstile',
  settingPrefix: 'TURNSTILE',
  verifyUrl: TURNSTILE_VERIFY_URL,
  /** Cloudflare: "the token can only have a maximum length of 2048 characters". */
  maxTokenLength: 2_048,
  csp: TURNSTILE_SOURCES,
};

export type TurnstileCaptchaOptions = SiteverifyCaptchaOptions;

/** Cloudflare Turnstile: accepted when Cloudflare says success and the widget's action is expected. */
export function createTurnstileCaptcha(options: TurnstileCaptchaOptions): Captcha {
  return siteverifyCaptcha(TURNSTILE, options);
}

export const TURNSTILE_SETTINGS = siteverifySettings(TURNSTILE);

export const TURNSTILE_PROVIDER = captchaProvider({
  id: 'turnstile',
  settings: TURNSTILE_SETTINGS,
  readSettings: (read) => read.all(TURNSTILE_SETTINGS),
  create: (settings, { logger }) => createTurnstileCaptcha({ ...settings, logger }),
});
