import type { CaptchaProvider } from '@supersteward/contract';
import { HTTP_PROTOCOLS, requiredSetting, setting, text, urlWith } from '../settings/setting.js';
import type { Captcha, CaptchaResult, CaptchaSources } from './captcha.js';
import {
  CAPTCHA_VERIFY_TIMEOUT_MS,
  verifyWithSiteverify,
  type CaptchaLogger,
} from './siteverify.js';

/** What distinguishes one siteverify provider (reCAPTCHA, Turnstile) from the other. */
export interface SiteverifyProvider {
  id: Extract<CaptchaProvider, 'recaptcha' | 'turnstile'>;
  /** Its name in logs and setting descriptions. */
  label: string;
  /** Prefix of its settings: `<prefix>_SITE_KEY`, `<prefix>_SECRET`, `<prefix>_VERIFY_URL`. */
  settingPrefix: string;
  verifyUrl: string;
  maxTokenLength: number;
  csp: CaptchaSources;
}

export interface SiteverifyCaptchaOptions {
  secret: string;
  siteKey: string;
  /** The provider's siteverify unless overridden (tests point it at a local server). */
  verifyUrl?: string;
  timeoutMs?: number;
  logger: CaptchaLogger;
}

/**
 * A captcha checked by a siteverify call: the token bounded, success and an expected action
 * required (verifyWithSiteverify), then the provider's own rule on the answer (`accept`).
 */
export function siteverifyCaptcha(
  provider: SiteverifyProvider,
  options: SiteverifyCaptchaOptions,
  accept: (body: Record<string, unknown>) => CaptchaResult = () => ({ ok: true }),
): Captcha {
  // The keys are checked where they are read (siteverifySettings).
  const check = {
    provider: provider.label,
    secretHint: `${provider.settingPrefix}_SECRET`,
    verifyUrl: options.verifyUrl ?? provider.verifyUrl,
    secret: options.secret,
    timeoutMs: options.timeoutMs ?? CAPTCHA_VERIFY_TIMEOUT_MS,
    maxTokenLength: provider.maxTokenLength,
    logger: options.logger,
  };
  return {
    provider: provider.id,
    csp: provider.csp,
    async verify(token, input): Promise<CaptchaResult> {
      const outcome = await verifyWithSiteverify(check, token, input);
      return outcome.ok ? accept(outcome.body) : outcome;
    },
    publicConfig() {
      return { site_key: options.siteKey };
    },
  };
}

/** The settings every siteverify provider has: its two keys and its verify endpoint. */
export function siteverifySettings(provider: SiteverifyProvider) {
  const requiredWhen = `CAPTCHA_PROVIDER=${provider.id}`;
  const { settingPrefix: prefix, label } = provider;
  return {
    siteKey: requiredSetting({
      name: `${prefix}_SITE_KEY`,
      requiredWhen,
      parse: text,
      meaning: `${label} site key`,
    }),
    secret: requiredSetting({
      name: `${prefix}_SECRET`,
      requiredWhen,
      parse: text,
      meaning: `${label} secret`,
    }),
    verifyUrl: setting({
      name: `${prefix}_VERIFY_URL`,
      default: provider.verifyUrl,
      parse: urlWith(HTTP_PROTOCOLS),
      meaning: `${label} verify endpoint (overridable for tests)`,
    }),
  };
}
