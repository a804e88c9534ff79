import type { CaptchaAction } from '@supersteward/contract';
import { loadScript } from './scripts';

interface Grecaptcha {
  ready: (callback: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
}

/** reCAPTCHA v3: a score token per action. A missing widget yields null. */
export async function recaptchaToken(
  siteKey: string,
  action: CaptchaAction,
): Promise<string | null> {
  try {
    await loadScript(
      `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`,
    );
  } catch (error) {
    console.error('reCAPTCHA could not load', error);
    return null;
  }
  const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
  if (!grecaptcha) return null;
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  try {
    return await grecaptcha.execute(siteKey, { action });
  } catch (error) {
    console.error('reCAPTCHA failed', error);
    return null;
  }
}
