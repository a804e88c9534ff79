import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Captcha } from '../captcha.js';
import type { SiteverifyCaptchaOptions } from '../siteverify-provider.js';
import { captureLogger, startFakeSiteverify, type FakeReply } from './fake-siteverify.js';

export const TEST_IP = '203.0.113.7';

/** What the cases of one siteverify provider (reCAPTCHA, Turnstile) read and change. */
export interface SiteverifyCase {
  fake: Awaited<ReturnType<typeof startFakeSiteverify>>;
  log: ReturnType<typeof captureLogger>;
  /** The captcha under test, with a generous timeout (CI runs many suites at once). */
  captcha: Captcha;
  /** The same provider with another verify timeout. */
  withTimeout(timeoutMs: number): Captcha;
}

export interface SiteverifySuite {
  name: string;
  provider: Captcha['provider'];
  secret: string;
  siteKey: string;
  token: string;
  /** The longest token the provider accepts. */
  maxTokenLength: number;
  create(options: SiteverifyCaptchaOptions): Captcha;
  /** The provider's answer for a good token (action `sendMessage`), with fields changed. */
  good(over?: Record<string, unknown>): FakeReply;
  /** The provider's own cases. */
  more(get: () => SiteverifyCase): void;
}

/**
 * The cases every siteverify provider shares (they run the same code: siteverify-provider.ts),
 * against a local fake of the provider's endpoint; `suite.more` adds the provider's own.
 */
export function describeSiteverifyCaptcha(suite: SiteverifySuite): void {
  const { secret: SECRET, token: TOKEN } = suite;
  const IP = TEST_IP;
  describe(suite.name, () => {
    let fake: SiteverifyCase['fake'];
    let log: SiteverifyCase['log'];
    let captcha: Captcha;

    beforeAll(async () => {
      fake = await startFakeSiteverify();
    });
    afterAll(async () => {
      await fake.close();
    });
    const withTimeout = (timeoutMs: number) =>
      suite.create({
        secret: SECRET,
        siteKey: suite.siteKey,
        verifyUrl: fake.url,
        timeoutMs,
        logger: log.logger,
      });
    beforeEach(() => {
      fake.received.length = 0;
      log = captureLogger();
      captcha = withTimeout(5_000);
    });

    it('accepts a good token for the expected action and sends secret, token and ip', async () => {
      fake.answer(suite.good());
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
      fake.answer(suite.good({ action: 'login' }));
      await expect(
        captcha.verify(TOKEN, { action: ['sendMessage', 'click'], ip: IP }),
      ).resolves.toEqual({
        ok: false,
        reason: 'unexpected action "login"',
      });
    });

    it('refuses a duplicate or an invalid token', async () => {
      for (const code of ['timeout-or-duplicate', 'invalid-input-response']) {
        fake.answer({ json: { success: false, 'error-codes': [code], messages: [] } });
        await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
          ok: false,
          reason: `rejected: ${code}`,
        });
      }
    });

    it('refuses when the provider rejects our secret, and logs it as a configuration error', async () => {
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

    it('fails closed on a 500, whatever its body', async () => {
      for (const reply of [
        { ...suite.good(), status: 500 },
        { raw: 'Internal Server Error', status: 500 },
      ]) {
        fake.answer(reply);
        await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
          ok: false,
          reason: 'verify http 500',
        });
      }
      expect(log.lines.some((l) => l.level === 40)).toBe(true);
    });

    it('fails closed on malformed JSON and on JSON that is not an object', async () => {
      for (const reply of [
        { raw: '{"success": tru', status: 200, contentType: 'application/json' },
        { raw: '<html>not json</html>', status: 200 },
        { json: [true] },
      ]) {
        fake.answer(reply);
        await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
          ok: false,
          reason: 'verify malformed response',
        });
      }
    });

    it('fails closed when success is truthy but not true', async () => {
      fake.answer(suite.good({ success: 'true' }));
      const result = await captcha.verify(TOKEN, { action: 'sendMessage', ip: IP });
      expect(result.ok).toBe(false);
    });

    it('fails closed when the endpoint is unreachable', async () => {
      const down = suite.create({
        secret: SECRET,
        siteKey: 'k',
        verifyUrl: 'http://127.0.0.1:1/siteverify',
        logger: log.logger,
      });
      await expect(down.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
        ok: false,
        reason: 'verify unreachable',
      });
    });

    it('refuses a missing or overlong token without calling the provider', async () => {
      await expect(captcha.verify(undefined, { action: 'click', ip: IP })).resolves.toEqual({
        ok: false,
        reason: 'missing token',
      });
      await expect(captcha.verify('', { action: 'click', ip: IP })).resolves.toMatchObject({
        ok: false,
      });
      await expect(
        captcha.verify('x'.repeat(suite.maxTokenLength + 1), { action: 'click', ip: IP }),
      ).resolves.toEqual({
        ok: false,
        reason: 'token too long',
      });
      expect(fake.received).toHaveLength(0);
    });

    it('publishes only the site key', () => {
      expect(captcha.provider).toBe(suite.provider);
      expect(captcha.publicConfig()).toEqual({ site_key: suite.siteKey });
    });

    suite.more(() => ({ fake, log, captcha, withTimeout }));
  });
}
