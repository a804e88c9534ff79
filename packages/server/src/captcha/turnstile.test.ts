import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTurnstileCaptcha } from './turnstile.js';
import { captureLogger, startFakeSiteverify } from './test/fake-siteverify.js';

const SECRET = '0x4AAAAAAA-turnstile-secret';
const TOKEN = '0.turnstile-token';
const IP = '198.51.100.23';

describe('Cloudflare Turnstile captcha', () => {
  let fake: Awaited<ReturnType<typeof startFakeSiteverify>>;
  let log: ReturnType<typeof captureLogger>;
  let captcha: ReturnType<typeof createTurnstileCaptcha>;

  beforeAll(async () => {
    fake = await startFakeSiteverify();
  });
  afterAll(async () => {
    await fake.close();
  });
  // A generous timeout for every case (CI runs many suites at once); the timeout case uses 300 ms.
  const withTimeout = (timeoutMs: number) =>
    createTurnstileCaptcha({
      secret: SECRET,
      siteKey: '0x4AAAAAAA-site',
      verifyUrl: fake.url,
      timeoutMs,
      logger: log.logger,
    });
  beforeEach(() => {
    fake.received.length = 0;
    log = captureLogger();
    captcha = withTimeout(5_000);
  });

  // The shape Cloudflare documents for a passed check.
  const good = (over: Record<string, unknown> = {}) => ({
    json: {
      success: true,
      challenge_ts: new Date().toISOString(),
      hostname: 'localhost',
      'error-codes': [],
      action: 'sendMessage',
      cdata: '',
      metadata: { ephemeral_id: 'x:abc' },
      ...over,
    },
  });

  it('accepts a passed check for the expected action and sends secret, token and ip', async () => {
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

  it('refuses a token made for another action', async () => {
    fake.answer(good({ action: 'login' }));
    await expect(
      captcha.verify(TOKEN, { action: ['sendMessage', 'click'], ip: IP }),
    ).resolves.toEqual({
      ok: false,
      reason: 'unexpected action "login"',
    });
  });

  it('refuses a token without an action', async () => {
    fake.answer(good({ action: undefined }));
    await expect(captcha.verify(TOKEN, { action: 'click', ip: IP })).resolves.toEqual({
      ok: false,
      reason: 'unexpected action null',
    });
  });

  it('refuses a duplicate token (timeout-or-duplicate)', async () => {
    fake.answer({
      json: { success: false, 'error-codes': ['timeout-or-duplicate'], messages: [] },
    });
    await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
      ok: false,
      reason: 'rejected: timeout-or-duplicate',
    });
  });

  it('refuses an invalid token', async () => {
    fake.answer({ json: { success: false, 'error-codes': ['invalid-input-response'] } });
    await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
      ok: false,
      reason: 'rejected: invalid-input-response',
    });
  });

  it('refuses when Cloudflare rejects our secret, and logs it as a configuration error', async () => {
    fake.answer({ json: { success: false, 'error-codes': ['invalid-input-secret'] } });
    await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
      ok: false,
      reason: 'rejected: invalid-input-secret',
    });
    expect(
      log.lines.some((l) => l.level === 50 && JSON.stringify(l).includes('invalid-input-secret')),
    ).toBe(true);
  });

  it('fails closed within timeoutMs when the endpoint never answers', async () => {
    fake.answer({ hang: true });
    const started = performance.now();
    const result = await withTimeout(300).verify(TOKEN, { action: 'sendMessage', ip: IP });
    const took = performance.now() - started;
    expect(result).toEqual({ ok: false, reason: 'verify timeout' });
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(2_000);
  });

  it('fails closed on a 500 and on malformed JSON', async () => {
    fake.answer({ raw: 'Internal Server Error', status: 500 });
    await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
      ok: false,
      reason: 'verify http 500',
    });
    fake.answer({ raw: '<html>not json</html>', status: 200 });
    await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
      ok: false,
      reason: 'verify malformed response',
    });
  });

  it('refuses a missing or overlong token without calling Cloudflare', async () => {
    await expect(captcha.verify(undefined, { action: 'click', ip: IP })).resolves.toEqual({
      ok: false,
      reason: 'missing token',
    });
    await expect(captcha.verify('x'.repeat(2_049), { action: 'click', ip: IP })).resolves.toEqual({
      ok: false,
      reason: 'token too long',
    });
    expect(fake.received).toHaveLength(0);
  });

  it('publishes only the site key', () => {
    expect(captcha.provider).toBe('turnstile');
    expect(captcha.publicConfig()).toEqual({ site_key: '0x4AAAAAAA-site' });
  });
});
