import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRecaptchaCaptcha } from './recaptcha.js';
import { SettingsError } from '../settings/setting.js';
import { loadSettings } from '../settings/settings.js';
import { captureLogger, startFakeSiteverify } from './test/fake-siteverify.js';

const SECRET = 'recaptcha-secret-for-tests';
const TOKEN = '03AFcWeA-a-recaptcha-token';
const IP = '203.0.113.7';
const now = () => new Date().toISOString();

describe('reCAPTCHA v3 captcha', () => {
  let fake: Awaited<ReturnType<typeof startFakeSiteverify>>;
  let log: ReturnType<typeof captureLogger>;
  let captcha: ReturnType<typeof createRecaptchaCaptcha>;

  beforeAll(async () => {
    fake = await startFakeSiteverify();
  });
  afterAll(async () => {
    await fake.close();
  });
  // A generous timeout for every case (CI runs many suites at once); the timeout case uses 300 ms.
  const withTimeout = (timeoutMs: number) =>
    createRecaptchaCaptcha({
      secret: SECRET,
      siteKey: 'site-key-1',
      minScore: 0.5,
      verifyUrl: fake.url,
      timeoutMs,
      logger: log.logger,
    });
  beforeEach(() => {
    fake.received.length = 0;
    log = captureLogger();
    captcha = withTimeout(5_000);
  });

  const good = (over: Record<string, unknown> = {}) => ({
    json: {
      success: true,
      score: 0.9,
      action: 'sendMessage',
      challenge_ts: now(),
      hostname: 'localhost',
      ...over,
    },
  });

  it('accepts a successful, high-score token for the expected action and sends secret, token and ip', async () => {
    fake.answer(good());
    await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
      ok: true,
    });
    expect(fake.received).toEqual([
      {
        method: 'POST',
        contentType: 'application/x-www-form-urlencoded',
        form: { secret: SECRET, response: TOKEN, remoteip: IP },
      },
    ]);
  });

  it('accepts any of several expected actions', async () => {
    fake.answer(good({ action: 'click' }));
    await expect(
      captcha.verify(TOKEN, { action: ['sendMessage', 'click'], ip: IP }),
    ).resolves.toEqual({ ok: true });
  });

  it('accepts a score exactly at the minimum', async () => {
    fake.answer(good({ score: 0.5 }));
    await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
      ok: true,
    });
  });

  it('refuses a low score', async () => {
    fake.answer(good({ score: 0.3 }));
    await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
      ok: false,
      reason: 'low score 0.3',
    });
  });

  it('refuses a success without a score', async () => {
    fake.answer(good({ score: undefined }));
    const result = await captcha.verify(TOKEN, { action: 'sendMessage', ip: IP });
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('low score') });
  });

  it('refuses a token made for another action', async () => {
    fake.answer(good({ action: 'login' }));
    await expect(
      captcha.verify(TOKEN, { action: ['sendMessage', 'click'], ip: IP }),
    ).resolves.toEqual({
      ok: false,
      reason: 'unexpected action "login"',
    });
  });

  it('refuses a duplicate token (timeout-or-duplicate)', async () => {
    fake.answer({ json: { success: false, 'error-codes': ['timeout-or-duplicate'] } });
    await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
      ok: false,
      reason: 'rejected: timeout-or-duplicate',
    });
  });

  it('refuses when Google rejects our secret, and logs it as a configuration error', async () => {
    fake.answer({ json: { success: false, 'error-codes': ['invalid-input-secret'] } });
    await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
      ok: false,
      reason: 'rejected: invalid-input-secret',
    });
    expect(
      log.lines.some((l) => l.level === 50 && JSON.stringify(l).includes('invalid-input-secret')),
    ).toBe(true);
    expect(JSON.stringify(log.lines)).not.toContain(SECRET);
  });

  it('fails closed within timeoutMs when the endpoint never answers', async () => {
    fake.answer({ hang: true });
    const started = performance.now();
    const result = await withTimeout(300).verify(TOKEN, { action: 'sendMessage', ip: IP });
    const took = performance.now() - started;
    expect(result).toEqual({ ok: false, reason: 'verify timeout' });
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(2_000);
    expect(fake.received).toHaveLength(1);
  });

  it('fails closed on a 500', async () => {
    fake.answer({ json: { success: true, score: 1, action: 'sendMessage' }, status: 500 });
    await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
      ok: false,
      reason: 'verify http 500',
    });
    expect(log.lines.some((l) => l.level === 40)).toBe(true);
  });

  it('fails closed on malformed JSON', async () => {
    fake.answer({ raw: '{"success": tru', status: 200, contentType: 'application/json' });
    await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
      ok: false,
      reason: 'verify malformed response',
    });
  });

  it('fails closed on a JSON answer that is not an object', async () => {
    fake.answer({ json: [true] });
    await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
      ok: false,
      reason: 'verify malformed response',
    });
  });

  it('fails closed when success is truthy but not true', async () => {
    fake.answer(good({ success: 'true' }));
    const result = await captcha.verify(TOKEN, { action: 'sendMessage', ip: IP });
    expect(result.ok).toBe(false);
  });

  it('fails closed when the endpoint is unreachable', async () => {
    const down = createRecaptchaCaptcha({
      secret: SECRET,
      siteKey: 'k',
      minScore: 0.5,
      verifyUrl: 'http://127.0.0.1:1/siteverify',
      logger: log.logger,
    });
    await expect(down.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
      ok: false,
      reason: 'verify unreachable',
    });
  });

  it('refuses a missing or overlong token without calling Google', async () => {
    await expect(captcha.verify(undefined, { action: 'sendMessage', ip: IP })).resolves.toEqual({
      ok: false,
      reason: 'missing token',
    });
    await expect(captcha.verify('', { action: 'sendMessage', ip: IP })).resolves.toMatchObject({
      ok: false,
    });
    await expect(
      captcha.verify('x'.repeat(5_000), { action: 'sendMessage', ip: IP }),
    ).resolves.toEqual({
      ok: false,
      reason: 'token too long',
    });
    expect(fake.received).toHaveLength(0);
  });

  it('publishes only the site key', () => {
    expect(captcha.provider).toBe('recaptcha');
    expect(captcha.publicConfig()).toEqual({ site_key: 'site-key-1' });
  });

  it('refuses a bad configuration where it is read', () => {
    const base = {
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SITE_KEY: 'k',
      RECAPTCHA_SECRET: SECRET,
    };
    const refused = (env: Record<string, string>): string | undefined => {
      try {
        loadSettings(env);
      } catch (error) {
        return error instanceof SettingsError ? error.variable : String(error);
      }
      return undefined;
    };
    expect(refused(base)).toBeUndefined();
    expect(refused({ ...base, RECAPTCHA_SECRET: '' })).toBe('RECAPTCHA_SECRET');
    expect(refused({ ...base, RECAPTCHA_MIN_SCORE: '1.5' })).toBe('RECAPTCHA_MIN_SCORE');
    expect(refused({ ...base, RECAPTCHA_MIN_SCORE: 'NaN' })).toBe('RECAPTCHA_MIN_SCORE');
  });
});
