import { describe, expect, it } from 'vitest';
import { BUNDLED_KNOWLEDGE_DIR } from '../answer/settings.js';
import { SettingsError } from './setting.js';
import { ALL_SETTINGS, loadSettings } from './settings.js';

describe('settings', () => {
  it('has working defaults with nothing set', () => {
    const settings = loadSettings({});
    expect(settings).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      redisUrl: undefined,
      dailyMessageLimit: 30,
      ipDailyMessageLimit: 150,
      uuidDailyLimitPerIp: 100,
      airlineName: 'Lovćen Air',
      supportEmail: 'podrska@lovcenair.example',
      knowledgeDir: BUNDLED_KNOWLEDGE_DIR,
      llm: undefined,
      corsOrigins: [],
      trustProxy: false,
      logLevel: 'info',
      wsPingIntervalMs: 30_000,
      shutdownTimeoutMs: 10_000,
      answerTimeoutMs: 90_000,
      answerPieceDelayMs: 12,
      warnings: [],
    });
    expect(settings.captcha).toMatchObject({
      provider: 'altcha',
      altcha: {
        hmacKeyGenerated: true,
        hmacKey: expect.stringMatching(/^[0-9a-f]{64}$/),
        cost: 1000,
      },
    });
  });

  it('reads every value it is given', () => {
    const settings = loadSettings({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/steward',
      DATABASE_URL: 'postgres://u@db:5432/steward',
      REDIS_URL: 'redis://cache:6379',
      REDIS_KEY_PREFIX: 'adria:',
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_SECRET: 'secret',
      RECAPTCHA_MIN_SCORE: '0.7',
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/verify',
      DAILY_MESSAGE_LIMIT: '5',
      IP_DAILY_MESSAGE_LIMIT: '50',
      UUID_DAILY_LIMIT_PER_IP: '7',
      AIRLINE_NAME: 'Adria Wings',
      SUPPORT_EMAIL: 'help@adria.example',
      KNOWLEDGE_DIR: '/kb',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'small',
      LLM_MAX_TOKENS: '256',
      LLM_FIRST_TOKEN_TIMEOUT_MS: '5000',
      LLM_TIMEOUT_MS: '20000',
      CORS_ORIGINS: 'https://a.example, https://b.example:8443',
      TRUST_PROXY: '2',
      LOG_LEVEL: 'warn',
      WS_PING_INTERVAL_MS: '5000',
      SHUTDOWN_TIMEOUT_MS: '3000',
      ANSWER_PIECE_DELAY_MS: '0',
    });
    expect(settings).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/steward',
      databaseUrl: 'postgres://u@db:5432/steward',
      redisUrl: 'redis://cache:6379',
      redisKeyPrefix: 'adria:',
      dailyMessageLimit: 5,
      ipDailyMessageLimit: 50,
      uuidDailyLimitPerIp: 7,
      airlineName: 'Adria Wings',
      supportEmail: 'help@adria.example',
      knowledgeDir: '/kb',
      llm: {
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'small',
        apiKey: undefined,
        maxTokens: 256,
        firstTokenTimeoutMs: 5000,
        timeoutMs: 20000,
      },
      corsOrigins: ['https://a.example', 'https://b.example:8443'],
      trustProxy: 2,
      logLevel: 'warn',
      wsPingIntervalMs: 5000,
      shutdownTimeoutMs: 3000,
      answerPieceDelayMs: 0,
    });
    expect(settings.captcha).toMatchObject({
      provider: 'recaptcha',
      recaptcha: {
        siteKey: 'site',
        secret: 'secret',
        minScore: 0.7,
        verifyUrl: 'http://127.0.0.1:9/verify',
      },
    });
    expect(
      loadSettings({
        ALTCHA_HMAC_KEY: 'k'.repeat(32),
        ALTCHA_COST: '5000',
        ALTCHA_CHALLENGES_PER_MINUTE: '20',
      }).captcha,
    ).toEqual({
      provider: 'altcha',
      altcha: {
        hmacKey: 'k'.repeat(32),
        hmacKeyGenerated: false,
        cost: 5000,
        challengesPerMinute: 20,
      },
    });
    expect(
      loadSettings({
        CAPTCHA_PROVIDER: 'Turnstile',
        TURNSTILE_SITE_KEY: 'site',
        TURNSTILE_SECRET: 'secret',
        TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/verify',
      }).captcha,
    ).toEqual({
      provider: 'turnstile',
      turnstile: { siteKey: 'site', secret: 'secret', verifyUrl: 'http://127.0.0.1:9/verify' },
    });
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['REDIS_URL', { REDIS_URL: 'http://cache' }],
    ['REDIS_KEY_PREFIX', { REDIS_KEY_PREFIX: 'has space' }],
    ['CAPTCHA_PROVIDER', { CAPTCHA_PROVIDER: 'hcaptcha' }],
    ['RECAPTCHA_SITE_KEY', { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SECRET: 's' }],
    ['RECAPTCHA_SECRET', { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'k' }],
    [
      'RECAPTCHA_MIN_SCORE',
      {
        CAPTCHA_PROVIDER: 'recaptcha',
        RECAPTCHA_SITE_KEY: 'k',
        RECAPTCHA_SECRET: 's',
        RECAPTCHA_MIN_SCORE: '1.5',
      },
    ],
    [
      'RECAPTCHA_VERIFY_URL',
      {
        CAPTCHA_PROVIDER: 'recaptcha',
        RECAPTCHA_SITE_KEY: 'k',
        RECAPTCHA_SECRET: 's',
        RECAPTCHA_VERIFY_URL: 'ftp://x',
      },
    ],
    ['TURNSTILE_SITE_KEY', { CAPTCHA_PROVIDER: 'turnstile', TURNSTILE_SECRET: 's' }],
    ['TURNSTILE_SECRET', { CAPTCHA_PROVIDER: 'turnstile', TURNSTILE_SITE_KEY: 'k' }],
    ['ALTCHA_HMAC_KEY', { ALTCHA_HMAC_KEY: 'short' }],
    ['ALTCHA_COST', { ALTCHA_COST: '0' }],
    ['DAILY_MESSAGE_LIMIT', { DAILY_MESSAGE_LIMIT: '-3' }],
    ['DAILY_MESSAGE_LIMIT', { DAILY_MESSAGE_LIMIT: '2.5' }],
    ['IP_DAILY_MESSAGE_LIMIT', { IP_DAILY_MESSAGE_LIMIT: 'lots' }],
    ['UUID_DAILY_LIMIT_PER_IP', { UUID_DAILY_LIMIT_PER_IP: '0' }],
    ['SUPPORT_EMAIL', { SUPPORT_EMAIL: 'nobody' }],
    ['ANSWER_PIECE_DELAY_MS', { ANSWER_PIECE_DELAY_MS: '-1' }],
    ['LLM_MODEL', { LLM_BASE_URL: 'http://127.0.0.1:1/v1' }],
    ['LLM_BASE_URL', { LLM_MODEL: 'm' }],
    [
      'LLM_MAX_TOKENS',
      { LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_MODEL: 'm', LLM_MAX_TOKENS: 'many' },
    ],
    [
      'LLM_TIMEOUT_MS',
      { LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_MODEL: 'm', LLM_TIMEOUT_MS: '1' },
    ],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'a.example' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'https://a.example/path' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['WS_PING_INTERVAL_MS', { WS_PING_INTERVAL_MS: '10' }],
    ['SHUTDOWN_TIMEOUT_MS', { SHUTDOWN_TIMEOUT_MS: 'soon' }],
    ['ANSWER_TIMEOUT_MS', { ANSWER_TIMEOUT_MS: '999' }],
    [
      'ANSWER_TIMEOUT_MS',
      {
        LLM_BASE_URL: 'http://127.0.0.1:1/v1',
        LLM_MODEL: 'm',
        LLM_TIMEOUT_MS: '60000',
        ANSWER_TIMEOUT_MS: '60000',
      },
    ],
  ])('a bad %s stops with one line naming it', (variable, env) => {
    let thrown: unknown;
    try {
      loadSettings(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SettingsError);
    const error = thrown as SettingsError;
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(`${variable}: `)).toBe(true);
    expect(error.message).not.toContain('\n');
  });

  it('gives answers time beyond the model timeout, for the knowledge-base fallback', () => {
    const llm = { LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_MODEL: 'm' };
    expect(loadSettings({ ...llm, LLM_TIMEOUT_MS: '120000' }).answerTimeoutMs).toBe(150_000);
    expect(loadSettings({ ...llm, LLM_TIMEOUT_MS: '20000' }).answerTimeoutMs).toBe(90_000);
    expect(loadSettings({ ANSWER_TIMEOUT_MS: '2000' }).answerTimeoutMs).toBe(2_000);
  });

  it('warns when captcha is off, and when a random ALTCHA key meets a shared deployment', () => {
    expect(loadSettings({ CAPTCHA_PROVIDER: 'none' }).warnings.join(' ')).toMatch(
      /CAPTCHA_PROVIDER=none/,
    );
    expect(loadSettings({ REDIS_URL: 'redis://127.0.0.1:6379' }).warnings.join(' ')).toMatch(
      /ALTCHA_HMAC_KEY/,
    );
    expect(
      loadSettings({ REDIS_URL: 'redis://127.0.0.1:6379', ALTCHA_HMAC_KEY: 'x'.repeat(20) })
        .warnings,
    ).toEqual([]);
  });

  it('treats empty values as unset and reads TRUST_PROXY forms', () => {
    expect(loadSettings({ PORT: '', DAILY_MESSAGE_LIMIT: '  ' })).toMatchObject({
      port: 3000,
      dailyMessageLimit: 30,
    });
    expect(loadSettings({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadSettings({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('declares every variable once, each with a default and a meaning', () => {
    const names = ALL_SETTINGS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of ALL_SETTINGS) {
      expect(entry.name).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(entry.meaning.length).toBeGreaterThan(5);
      // A default the README can state: a value, "unset", or words for it.
      if (entry.shownDefault === undefined && entry.requiredWhen === undefined) {
        expect(['string', 'number', 'boolean', 'undefined']).toContain(typeof entry.default);
      }
    }
  });
});
