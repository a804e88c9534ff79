import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { CaptchaProvider } from '@supersteward/contract';

/** A setting that cannot be used. Its message is one line naming the variable. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`${variable}: ${reason}`);
  }
}

export interface SettingInfo {
  name: string;
  default: string;
  meaning: string;
}

export const GOOGLE_RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
export const CLOUDFLARE_TURNSTILE_VERIFY_URL =
  'https://challenges.cloudflare.com/turnstile/v0/siteverify';
/** The bundled sample knowledge base: `<repo>/knowledge` from both src/ and dist/. */
export const BUNDLED_KNOWLEDGE_DIR = fileURLToPath(new URL('../../../knowledge', import.meta.url));

/** Every environment variable the server reads; the README's settings table mirrors this list. */
export const SETTINGS_TABLE: readonly SettingInfo[] = [
  { name: 'PORT', default: '3000', meaning: 'TCP port the server listens on' },
  { name: 'HOST', default: '0.0.0.0', meaning: 'address the server listens on' },
  {
    name: 'DATA_DIR',
    default: './data',
    meaning: 'where the SQLite file lives (embedded default)',
  },
  {
    name: 'DATABASE_URL',
    default: 'unset',
    meaning: '`postgres://…`: use PostgreSQL instead of SQLite',
  },
  {
    name: 'REDIS_URL',
    default: 'unset',
    meaning: '`redis://…`: realtime fan-out, quotas and captcha replay guard through Redis',
  },
  {
    name: 'REDIS_KEY_PREFIX',
    default: 'supersteward:',
    meaning: 'prefix of every Redis key and channel, so deployments sharing a Redis stay apart',
  },
  {
    name: 'CAPTCHA_PROVIDER',
    default: 'altcha',
    meaning: '`altcha`, `recaptcha`, `turnstile` or `none` (development only, logged loudly)',
  },
  {
    name: 'ALTCHA_HMAC_KEY',
    default: 'random per start',
    meaning: 'signs ALTCHA challenges; set the same value on every instance',
  },
  {
    name: 'ALTCHA_COST',
    default: '1000',
    meaning: 'PBKDF2 iterations per ALTCHA attempt (work asked of the browser)',
  },
  {
    name: 'RECAPTCHA_SITE_KEY',
    default: 'unset',
    meaning: 'reCAPTCHA v3 site key (required with `recaptcha`)',
  },
  {
    name: 'RECAPTCHA_SECRET',
    default: 'unset',
    meaning: 'reCAPTCHA v3 secret (required with `recaptcha`)',
  },
  { name: 'RECAPTCHA_MIN_SCORE', default: '0.5', meaning: 'lowest reCAPTCHA score accepted, 0..1' },
  {
    name: 'RECAPTCHA_VERIFY_URL',
    default: GOOGLE_RECAPTCHA_VERIFY_URL,
    meaning: 'reCAPTCHA verify endpoint (overridable for tests)',
  },
  {
    name: 'TURNSTILE_SITE_KEY',
    default: 'unset',
    meaning: 'Turnstile site key (required with `turnstile`)',
  },
  {
    name: 'TURNSTILE_SECRET',
    default: 'unset',
    meaning: 'Turnstile secret (required with `turnstile`)',
  },
  {
    name: 'TURNSTILE_VERIFY_URL',
    default: CLOUDFLARE_TURNSTILE_VERIFY_URL,
    meaning: 'Turnstile verify endpoint (overridable for tests)',
  },
  {
    name: 'DAILY_MESSAGE_LIMIT',
    default: '30',
    meaning: 'questions per visitor per day (429 beyond), reset at midnight Europe/Podgorica',
  },
  {
    name: 'IP_DAILY_MESSAGE_LIMIT',
    default: '150',
    meaning: 'questions per client IP per day (429 beyond)',
  },
  {
    name: 'UUID_DAILY_LIMIT_PER_IP',
    default: '100',
    meaning: 'visitor ids created per client IP per day (429 beyond)',
  },
  {
    name: 'AIRLINE_NAME',
    default: 'Lovćen Air',
    meaning: 'shown in the title, the 429 message and "I can\'t help" answers',
  },
  {
    name: 'SUPPORT_EMAIL',
    default: 'podrska@lovcenair.example',
    meaning: 'support address shown to passengers',
  },
  {
    name: 'KNOWLEDGE_DIR',
    default: 'the bundled sample (`knowledge/`)',
    meaning: "the airline's knowledge base (Markdown)",
  },
  {
    name: 'LLM_BASE_URL',
    default: 'unset',
    meaning: 'OpenAI-compatible chat endpoint; unset means retrieval answers',
  },
  { name: 'LLM_API_KEY', default: 'unset', meaning: 'API key of the LLM endpoint' },
  {
    name: 'LLM_MODEL',
    default: 'unset',
    meaning: 'model name at the LLM endpoint (required with `LLM_BASE_URL`)',
  },
  { name: 'LLM_MAX_TOKENS', default: '512', meaning: 'longest LLM answer, in tokens' },
  {
    name: 'LLM_FIRST_TOKEN_TIMEOUT_MS',
    default: '15000',
    meaning: 'give up on the LLM (and answer by retrieval) when no token came by then',
  },
  { name: 'LLM_TIMEOUT_MS', default: '60000', meaning: 'longest time an LLM answer may take' },
  {
    name: 'CORS_ORIGINS',
    default: 'same origin only',
    meaning: 'comma-separated other origins allowed to call the API and open sockets',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    meaning:
      '`true`, a hop count or comma-separated proxy addresses: take the client IP from X-Forwarded-For',
  },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'pino log level' },
  {
    name: 'ANSWER_PIECE_DELAY_MS',
    default: '12',
    meaning:
      'pause between the pieces of a knowledge-base answer, so passengers see it grow; 0 sends it at once',
  },
  {
    name: 'WS_PING_INTERVAL_MS',
    default: '30000',
    meaning: 'how often sockets are pinged; one missing pong drops the socket',
  },
  {
    name: 'ANSWER_TIMEOUT_MS',
    default: '90000 (LLM_TIMEOUT_MS + 30000 when longer)',
    meaning:
      'longest time an answer may take (then stored as interrupted); one left streaming longer is swept',
  },
  {
    name: 'SHUTDOWN_TIMEOUT_MS',
    default: '10000',
    meaning:
      'on SIGTERM, how long answers in flight may take before they are stored as interrupted',
  },
];

export type TrustProxy = boolean | number | string[];
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];
const PROVIDERS: readonly CaptchaProvider[] = ['altcha', 'recaptcha', 'turnstile', 'none'];

export interface CaptchaSettings {
  provider: CaptchaProvider;
  altcha: { hmacKey: string; hmacKeyGenerated: boolean; cost: number };
  recaptcha?: { siteKey: string; secret: string; minScore: number; verifyUrl: string };
  turnstile?: { siteKey: string; secret: string; verifyUrl: string };
}

export interface LlmSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  maxTokens: number;
  firstTokenTimeoutMs: number;
  timeoutMs: number;
}

export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  captcha: CaptchaSettings;
  dailyMessageLimit: number;
  ipDailyMessageLimit: number;
  uuidDailyLimitPerIp: number;
  airlineName: string;
  supportEmail: string;
  knowledgeDir: string;
  answerPieceDelayMs: number;
  /** Undefined: answers come from retrieval alone. */
  llm: LlmSettings | undefined;
  corsOrigins: string[];
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  wsPingIntervalMs: number;
  shutdownTimeoutMs: number;
  /** Longest time an answer may take (stopped and stored as interrupted then). */
  answerTimeoutMs: number;
  /** Things worth a warning at start (not errors). */
  warnings: string[];
}

type Env = Record<string, string | undefined>;

/** Reads and validates every setting; throws SettingsError on the first bad one. */
export function loadSettings(env: Env): Settings {
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const int = (
    name: string,
    fallback: number,
    min: number,
    max = Number.MAX_SAFE_INTEGER,
  ): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!/^-?\d+$/.test(raw)) throw new SettingsError(name, `must be a whole number, got "${raw}"`);
    const value = Number(raw);
    if (value < min || value > max)
      throw new SettingsError(name, `must be between ${min} and ${max}, got ${raw}`);
    return value;
  };
  const url = (name: string, protocols: readonly string[]): string | undefined => {
    const raw = read(name);
    if (raw === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new SettingsError(name, 'must be a URL');
    }
    if (!protocols.includes(parsed.protocol)) {
      throw new SettingsError(
        name,
        `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
      );
    }
    return raw;
  };
  const warnings: string[] = [];

  const port = int('PORT', 3000, 0, 65535);
  const host = read('HOST') ?? '0.0.0.0';
  const dataDir = read('DATA_DIR') ?? './data';
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisUrl = url('REDIS_URL', ['redis:', 'rediss:']);
  const redisKeyPrefix = read('REDIS_KEY_PREFIX') ?? 'supersteward:';
  if (!/^[\w.:-]{1,64}$/.test(redisKeyPrefix)) {
    throw new SettingsError('REDIS_KEY_PREFIX', 'must be 1 to 64 letters, digits, or . : _ -');
  }

  const captcha = readCaptcha(read, int, url, warnings, Boolean(databaseUrl || redisUrl));

  const dailyMessageLimit = int('DAILY_MESSAGE_LIMIT', 30, 1);
  const ipDailyMessageLimit = int('IP_DAILY_MESSAGE_LIMIT', 150, 1);
  const uuidDailyLimitPerIp = int('UUID_DAILY_LIMIT_PER_IP', 100, 1);

  const airlineName = read('AIRLINE_NAME') ?? 'Lovćen Air';
  const supportEmail = read('SUPPORT_EMAIL') ?? 'podrska@lovcenair.example';
  if (!/^[^\s@]+@[^\s@]+$/.test(supportEmail)) {
    throw new SettingsError('SUPPORT_EMAIL', `must be an e-mail address, got "${supportEmail}"`);
  }
  const knowledgeDir = read('KNOWLEDGE_DIR') ?? BUNDLED_KNOWLEDGE_DIR;

  const llm = readLlm(read, int, url);

  const corsOrigins = (read('CORS_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => {
      let parsed: URL;
      try {
        parsed = new URL(origin);
      } catch {
        throw new SettingsError(
          'CORS_ORIGINS',
          `"${origin}" is not an origin like https://example.com`,
        );
      }
      if (
        !['http:', 'https:'].includes(parsed.protocol) ||
        parsed.origin !== origin.replace(/\/$/, '')
      ) {
        throw new SettingsError(
          'CORS_ORIGINS',
          `"${origin}" is not an origin like https://example.com`,
        );
      }
      return parsed.origin;
    });

  const trustProxy = readTrustProxy(read('TRUST_PROXY'));

  const logLevel = (read('LOG_LEVEL') ?? 'info').toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new SettingsError(
      'LOG_LEVEL',
      `must be one of ${LOG_LEVELS.join(', ')}, got "${read('LOG_LEVEL')}"`,
    );
  }

  const answerPieceDelayMs = int('ANSWER_PIECE_DELAY_MS', 12, 0, 1_000);
  const wsPingIntervalMs = int('WS_PING_INTERVAL_MS', 30_000, 1_000, 3_600_000);
  const shutdownTimeoutMs = int('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000);
  // A model that times out is answered for by retrieval: the answer needs time beyond it.
  const answerTimeoutMs = int(
    'ANSWER_TIMEOUT_MS',
    Math.max(90_000, (llm?.timeoutMs ?? 0) + 30_000),
    1_000,
    3_600_000,
  );
  if (llm && answerTimeoutMs <= llm.timeoutMs) {
    throw new SettingsError(
      'ANSWER_TIMEOUT_MS',
      `must be longer than LLM_TIMEOUT_MS (${llm.timeoutMs}), so a model that times out can still be answered for from the knowledge base`,
    );
  }

  return {
    port,
    host,
    dataDir,
    databaseUrl,
    redisUrl,
    redisKeyPrefix,
    captcha,
    dailyMessageLimit,
    ipDailyMessageLimit,
    uuidDailyLimitPerIp,
    airlineName,
    supportEmail,
    knowledgeDir,
    answerPieceDelayMs,
    llm,
    corsOrigins,
    trustProxy,
    logLevel,
    wsPingIntervalMs,
    shutdownTimeoutMs,
    answerTimeoutMs,
    warnings,
  };
}

type Read = (name: string) => string | undefined;
type Int = (name: string, fallback: number, min: number, max?: number) => number;
type Url = (name: string, protocols: readonly string[]) => string | undefined;

function readCaptcha(
  read: Read,
  int: Int,
  url: Url,
  warnings: string[],
  scaled: boolean,
): CaptchaSettings {
  const raw = read('CAPTCHA_PROVIDER') ?? 'altcha';
  const provider = raw.toLowerCase() as CaptchaProvider;
  if (!PROVIDERS.includes(provider)) {
    throw new SettingsError(
      'CAPTCHA_PROVIDER',
      `must be one of ${PROVIDERS.join(', ')}, got "${raw}"`,
    );
  }
  const givenKey = read('ALTCHA_HMAC_KEY');
  if (givenKey !== undefined && givenKey.length < 16) {
    throw new SettingsError('ALTCHA_HMAC_KEY', 'must be at least 16 characters');
  }
  const altcha = {
    hmacKey: givenKey ?? randomBytes(32).toString('hex'),
    hmacKeyGenerated: givenKey === undefined,
    cost: int('ALTCHA_COST', 1_000, 1, 1_000_000),
  };
  const settings: CaptchaSettings = { provider, altcha };
  const httpUrl = ['http:', 'https:'];

  if (provider === 'altcha' && altcha.hmacKeyGenerated && scaled) {
    warnings.push(
      'ALTCHA_HMAC_KEY is not set: a random key was made for this instance, so a challenge issued by one instance fails on another. Set the same key on every instance.',
    );
  }
  if (provider === 'recaptcha') {
    const siteKey = read('RECAPTCHA_SITE_KEY');
    const secret = read('RECAPTCHA_SECRET');
    if (!siteKey)
      throw new SettingsError('RECAPTCHA_SITE_KEY', 'is required when CAPTCHA_PROVIDER=recaptcha');
    if (!secret)
      throw new SettingsError('RECAPTCHA_SECRET', 'is required when CAPTCHA_PROVIDER=recaptcha');
    const rawScore = read('RECAPTCHA_MIN_SCORE') ?? '0.5';
    const minScore = Number(rawScore);
    if (!/^\d+(\.\d+)?$/.test(rawScore) || !(minScore >= 0 && minScore <= 1)) {
      throw new SettingsError(
        'RECAPTCHA_MIN_SCORE',
        `must be a number from 0 to 1, got "${rawScore}"`,
      );
    }
    const verifyUrl = url('RECAPTCHA_VERIFY_URL', httpUrl) ?? GOOGLE_RECAPTCHA_VERIFY_URL;
    settings.recaptcha = { siteKey, secret, minScore, verifyUrl };
  }
  if (provider === 'turnstile') {
    const siteKey = read('TURNSTILE_SITE_KEY');
    const secret = read('TURNSTILE_SECRET');
    if (!siteKey)
      throw new SettingsError('TURNSTILE_SITE_KEY', 'is required when CAPTCHA_PROVIDER=turnstile');
    if (!secret)
      throw new SettingsError('TURNSTILE_SECRET', 'is required when CAPTCHA_PROVIDER=turnstile');
    const verifyUrl = url('TURNSTILE_VERIFY_URL', httpUrl) ?? CLOUDFLARE_TURNSTILE_VERIFY_URL;
    settings.turnstile = { siteKey, secret, verifyUrl };
  }
  if (provider === 'none') {
    warnings.push(
      'CAPTCHA_PROVIDER=none: every request is accepted without human verification. Development only.',
    );
  }
  return settings;
}

function readLlm(read: Read, int: Int, url: Url): LlmSettings | undefined {
  const baseUrl = url('LLM_BASE_URL', ['http:', 'https:']);
  const model = read('LLM_MODEL');
  const apiKey = read('LLM_API_KEY');
  if (!baseUrl) {
    if (model) throw new SettingsError('LLM_BASE_URL', 'is required when LLM_MODEL is set');
    if (apiKey) throw new SettingsError('LLM_BASE_URL', 'is required when LLM_API_KEY is set');
    return undefined;
  }
  if (!model) throw new SettingsError('LLM_MODEL', 'is required when LLM_BASE_URL is set');
  return {
    baseUrl,
    apiKey,
    model,
    maxTokens: int('LLM_MAX_TOKENS', 512, 16, 32_768),
    firstTokenTimeoutMs: int('LLM_FIRST_TOKEN_TIMEOUT_MS', 15_000, 100, 600_000),
    timeoutMs: int('LLM_TIMEOUT_MS', 60_000, 100, 600_000),
  };
}

function readTrustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (['false', '0', 'no', 'off'].includes(lower)) return false;
  if (['true', 'yes', 'on'].includes(lower)) return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  const address = /^[0-9a-f.:]+(\/\d{1,3})?$/i;
  if (
    entries.every(
      (entry) => address.test(entry) || ['loopback', 'linklocal', 'uniquelocal'].includes(entry),
    )
  ) {
    return entries;
  }
  throw new SettingsError(
    'TRUST_PROXY',
    `must be true, false, a hop count or proxy addresses, got "${raw}"`,
  );
}
