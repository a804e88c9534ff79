import { NO_SOURCES, type Captcha } from './captcha.js';
import { captchaProvider } from './provider.js';
import type { CaptchaLogger } from './siteverify.js';

/** Accepts every request. Only for development and tests, and only when CAPTCHA_PROVIDER=none is set explicitly. */
export function createNoCaptcha(logger: CaptchaLogger): Captcha {
  logger.warn(
    { captcha: 'none' },
    'CAPTCHA IS DISABLED (CAPTCHA_PROVIDER=none): every request is accepted without a check. Never run this in production.',
  );
  return {
    provider: 'none',
    csp: NO_SOURCES,
    verify() {
      return Promise.resolve({ ok: true });
    },
    publicConfig() {
      return {};
    },
  };
}

export const NO_CAPTCHA_PROVIDER = captchaProvider({
  id: 'none',
  settings: {},
  readSettings(_read, { warnings }) {
    warnings.push(
      'CAPTCHA_PROVIDER=none: every request is accepted without human verification. Development only.',
    );
    return {};
  },
  create: (_settings, { logger }) => createNoCaptcha(logger),
});
