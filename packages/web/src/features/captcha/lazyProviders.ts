import type { CaptchaDeps } from './captcha';

/*
 * The third-party captcha providers, loaded only by a deployment that uses them: the default
 * (self-hosted ALTCHA) never downloads their code.
 */
export const recaptchaToken: CaptchaDeps['recaptchaToken'] = async (siteKey, action) =>
  (await import('./recaptcha')).recaptchaToken(siteKey, action);

export const createTurnstile: CaptchaDeps['createTurnstile'] = (siteKey, onWidget) => {
  const widget = import('./turnstile').then((module) => module.createTurnstile(siteKey, onWidget));
  return {
    token: async () => (await widget).token(),
    reset: () => void widget.then((loaded) => loaded.reset()),
  };
};
