import { fraction, setting } from '../settings/setting.js';
import type { Captcha, CaptchaSources } from './captcha.js';
import { captchaProvider } from './provider.js';
import {
  siteverifyCaptcha,
  siteverifySettings,
  type SiteverifyCaptchaOptions,
  type SiteverifyProvider,
} from './siteverify-provider.js';

/** Google's widget script, its frames, and its calls back home. */
export const RECAPTCHA_SOURCES: CaptchaSources = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  connect: ['https://www.google.com/recaptcha/'],
};

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

const RECAPTCHA: SiteverifyProvider = {
  id: 'recaptcha',
  label: 'reCAPTCHA',
  settingPrefix: 'RECAPTCHA',
  verifyUrl: RECAPTCHA_VERIFY_URL,
  /** Google's tokens are a few hundred to ~2,000 characters. */
  maxTokenLength: 4_096,
  csp: RECAPTCHA_SOURCES,
};

export interface RecaptchaCaptchaOptions extends SiteverifyCaptchaOptions {
  /** Scores run from 0.0 (a bot) to 1.0; below this the request is refused. */
  minScore: number;
}

/** reCAPTCHA v3: a token is accepted when Google says success, the action is expected and the score is high enough. */
export function createRecaptchaCaptcha(options: RecaptchaCaptchaOptions): Captcha {
  // The score bound is checked where it is read (RECAPTCHA_SETTINGS).
  return siteverifyCaptcha(RECAPTCHA, options, ({ score }) =>
    typeof score === 'number' && score >= options.minScore
      ? { ok: true }
      : { ok: false, reason: `low score ${String(score)}` },
  );
}

export const RECAPTCHA_SETTINGS = {
  ...siteverifySettings(RECAPTCHA),
  minScore: setting({
    name: 'RECAPTCHA_MIN_SCORE',
    default: 0.5,
    parse: fraction,
    meaning: 'lowest reCAPTCHA score accepted, 0..1',
  }),
};

export const RECAPTCHA_PROVIDER = captchaProvider({
  id: 'recaptcha',
  settings: RECAPTCHA_SETTINGS,
  readSettings: (read) => read.all(RECAPTCHA_SETTINGS),
  create: (settings, { logger }) => createRecaptchaCaptcha({ ...settings, logger }),
});
