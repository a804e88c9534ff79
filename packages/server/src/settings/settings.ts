import {
  AIRLINE_SETTINGS,
  ANSWER_SETTINGS,
  ANSWER_TIMEOUT,
  readAnswerTimeoutMs,
} from '../answer/settings.js';
import { LLM_SETTINGS, readLlmSettings } from '../answer/llm/settings.js';
import {
  CAPTCHA_PROVIDER_SETTING,
  CAPTCHA_PROVIDERS,
  readCaptchaSettings,
  type CaptchaSettings,
} from '../captcha/providers.js';
import { DATABASE_SETTINGS } from '../db/settings.js';
import { HTTP_SETTINGS } from '../http/settings.js';
import { REDIS_SETTINGS } from '../hub/settings.js';
import { QUOTA_SETTINGS } from '../quota/settings.js';
import { REALTIME_SETTINGS } from '../realtime/settings.js';
import { STAFF_SETTINGS } from '../staff/settings.js';
import type { LlmSettings } from '../answer/llm/settings.js';
import { SettingsReader, type Setting, type SettingValues } from './setting.js';

/**
 * The settings read as they are declared: each part's record of settings becomes fields of the
 * same names. Add a setting to its part's record (e.g. quota/settings.ts) and it is read,
 * validated, typed here and listed in the README; add a part's record here.
 */
const PLAIN_SETTINGS = {
  ...HTTP_SETTINGS,
  ...DATABASE_SETTINGS,
  ...REDIS_SETTINGS,
  ...QUOTA_SETTINGS,
  ...AIRLINE_SETTINGS,
  ...ANSWER_SETTINGS,
  ...REALTIME_SETTINGS,
  ...STAFF_SETTINGS,
};

export type Settings = SettingValues<typeof PLAIN_SETTINGS> & {
  captcha: CaptchaSettings;
  /** Undefined: answers come from retrieval alone. */
  llm: LlmSettings | undefined;
  /** Longest time an answer may take (stopped and stored as interrupted then). */
  answerTimeoutMs: number;
  /** Things worth a warning at start (not errors). */
  warnings: string[];
};

/** Every variable the server reads, in the README's order. */
export const ALL_SETTINGS: readonly Setting<unknown>[] = [
  ...Object.values(HTTP_SETTINGS),
  ...Object.values(DATABASE_SETTINGS),
  ...Object.values(REDIS_SETTINGS),
  CAPTCHA_PROVIDER_SETTING,
  ...Object.values(CAPTCHA_PROVIDERS).flatMap((provider) => Object.values(provider.settings)),
  ...Object.values(QUOTA_SETTINGS),
  ...Object.values(AIRLINE_SETTINGS),
  ...Object.values(ANSWER_SETTINGS),
  ANSWER_TIMEOUT,
  ...Object.values(LLM_SETTINGS),
  ...Object.values(REALTIME_SETTINGS),
  ...Object.values(STAFF_SETTINGS),
];

/** Reads and validates every setting; throws SettingsError on the first bad one. */
export function loadSettings(env: Record<string, string | undefined>): Settings {
  const read = new SettingsReader(env);
  const warnings: string[] = [];
  const plain = read.all(PLAIN_SETTINGS);
  const captcha = readCaptchaSettings(read, {
    scaled: Boolean(plain.databaseUrl || plain.redisUrl),
    warnings,
  });
  const llm = readLlmSettings(read);
  const answerTimeoutMs = readAnswerTimeoutMs(read, llm?.timeoutMs);
  return { ...plain, captcha, llm, answerTimeoutMs, warnings };
}
