import {
  HTTP_PROTOCOLS,
  optionalSetting,
  requiredSetting,
  setting,
  text,
  urlWith,
  wholeNumber,
  type SettingsReader,
  type SettingValues,
} from '../../settings/setting.js';

/** An OpenAI-compatible model; unset, answers come from retrieval alone. */
export const LLM_SETTINGS = {
  baseUrl: requiredSetting({
    name: 'LLM_BASE_URL',
    requiredWhen: 'LLM_MODEL or LLM_API_KEY is set',
    parse: urlWith(HTTP_PROTOCOLS),
    meaning: 'OpenAI-compatible chat endpoint; unset means retrieval answers',
  }),
  apiKey: optionalSetting({
    name: 'LLM_API_KEY',
    parse: text,
    meaning: 'API key of the LLM endpoint',
  }),
  model: requiredSetting({
    name: 'LLM_MODEL',
    requiredWhen: 'LLM_BASE_URL is set',
    parse: text,
    meaning: 'model name at the LLM endpoint',
  }),
  maxTokens: setting({
    name: 'LLM_MAX_TOKENS',
    default: 512,
    parse: wholeNumber(16, 32_768),
    meaning: 'longest LLM answer, in tokens',
  }),
  firstTokenTimeoutMs: setting({
    name: 'LLM_FIRST_TOKEN_TIMEOUT_MS',
    default: 15_000,
    parse: wholeNumber(100, 600_000),
    meaning: 'give up on the LLM (and answer by retrieval) when no token came by then',
  }),
  timeoutMs: setting({
    name: 'LLM_TIMEOUT_MS',
    default: 60_000,
    parse: wholeNumber(100, 600_000),
    meaning: 'longest time an LLM answer may take',
  }),
};

export type LlmSettings = SettingValues<typeof LLM_SETTINGS>;

/** Undefined when no model is configured: answers then come from retrieval alone. */
export function readLlmSettings(read: SettingsReader): LlmSettings | undefined {
  const { baseUrl, model, apiKey } = LLM_SETTINGS;
  if (!read.isSet(baseUrl) && !read.isSet(model) && !read.isSet(apiKey)) return undefined;
  return read.all(LLM_SETTINGS);
}
