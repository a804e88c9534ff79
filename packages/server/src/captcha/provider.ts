import type { CaptchaProvider } from '@supersteward/contract';
import type { Logger } from 'pino';
import type { SettingEntries, SettingsReader } from '../settings/setting.js';
import type { Captcha } from './captcha.js';
import type { ReplayGuard } from './replay.js';

export interface CaptchaSettingsContext {
  /** Several instances share a database or Redis. */
  scaled: boolean;
  /** Things worth a warning at start. */
  warnings: string[];
}

/** What a captcha is built from besides its settings. */
export interface CaptchaDeps {
  logger: Logger;
  replay: ReplayGuard;
}

/** One captcha provider: every fact about it is here, and the registry (providers.ts) lists it. */
export interface CaptchaProviderModule<S> {
  readonly id: CaptchaProvider;
  /** Its settings, read only when it is the chosen provider. */
  readonly settings: SettingEntries;
  readSettings(read: SettingsReader, context: CaptchaSettingsContext): S;
  create(settings: S, deps: CaptchaDeps): Captcha;
}

export function captchaProvider<S>(module: CaptchaProviderModule<S>): CaptchaProviderModule<S> {
  return module;
}
