import type { CaptchaProvider } from '@supersteward/contract';
import { oneOf, setting, type SettingsReader } from '../settings/setting.js';
import { ALTCHA_PROVIDER } from './altcha.js';
import type { Captcha } from './captcha.js';
import { NO_CAPTCHA_PROVIDER } from './none.js';
import type { CaptchaDeps, CaptchaProviderModule, CaptchaSettingsContext } from './provider.js';
import { RECAPTCHA_PROVIDER } from './recaptcha.js';
import { TURNSTILE_PROVIDER } from './turnstile.js';

/** Every captcha provider, by the id the contract names it with. Add a provider here. */
export const CAPTCHA_PROVIDERS = {
  altcha: ALTCHA_PROVIDER,
  recaptcha: RECAPTCHA_PROVIDER,
  turnstile: TURNSTILE_PROVIDER,
  none: NO_CAPTCHA_PROVIDER,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each provider has its own settings type
} satisfies Record<CaptchaProvider, CaptchaProviderModule<any>>;

type Registry = typeof CAPTCHA_PROVIDERS;
type SettingsOf<Id extends CaptchaProvider> =
  Registry[Id] extends CaptchaProviderModule<infer S> ? S : never;

/** The chosen provider and its settings, e.g. `{ provider: 'recaptcha', recaptcha: { siteKey, … } }`. */
export type CaptchaSettings = {
  [Id in CaptchaProvider]: { provider: Id } & { [K in Id]: SettingsOf<Id> };
}[CaptchaProvider];

const IDS = Object.keys(CAPTCHA_PROVIDERS) as CaptchaProvider[];

export const CAPTCHA_PROVIDER_SETTING = setting<CaptchaProvider>({
  name: 'CAPTCHA_PROVIDER',
  default: 'altcha',
  parse: oneOf(IDS),
  meaning: `${IDS.map((id) => `\`${id}\``).join(', ')} (\`none\`: development only, logged loudly)`,
});

/** CAPTCHA_PROVIDER, then the settings of that provider only. */
export function readCaptchaSettings(
  read: SettingsReader,
  context: CaptchaSettingsContext,
): CaptchaSettings {
  const provider = read.get(CAPTCHA_PROVIDER_SETTING);
  const module = CAPTCHA_PROVIDERS[provider] as CaptchaProviderModule<unknown>;
  return { provider, [provider]: module.readSettings(read, context) } as CaptchaSettings;
}

export function createCaptcha(settings: CaptchaSettings, deps: CaptchaDeps): Captcha {
  const module = CAPTCHA_PROVIDERS[settings.provider] as CaptchaProviderModule<unknown>;
  return module.create((settings as Record<string, unknown>)[settings.provider], deps);
}
