import { expect, it } from 'vitest';
import { createRecaptchaCaptcha } from './recaptcha.js';
import { SettingsError } from '../settings/setting.js';
import { loadSettings } from '../settings/settings.js';
import { describeSiteverifyCaptcha, TEST_IP as IP } from './test/siteverify-suite.js';

const SECRET = 'recaptcha-secret-for-tests';
const TOKEN = '03AFcWeA-a-recaptcha-token';
const now = () => new Date().toISOString();

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

describeSiteverifyCaptcha({
  name: 'reCAPTCHA v3 captcha',
  provider: 'recaptcha',
  secret: SECRET,
  siteKey: 'site-key-1',
  token: TOKEN,
  maxTokenLength: 4_096,
  create: (options) => createRecaptchaCaptcha({ ...options, minScore: 0.5 }),
  good,
  more(get) {
    it('accepts any of several expected actions', async () => {
      const { fake, captcha } = get();
      fake.answer(good({ action: 'click' }));
      await expect(
        captcha.verify(TOKEN, { action: ['sendMessage', 'click'], ip: IP }),
      ).resolves.toEqual({ ok: true });
    });

    it('accepts a score exactly at the minimum', async () => {
      const { fake, captcha } = get();
      fake.answer(good({ score: 0.5 }));
      await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
        ok: true,
      });
    });

    it('refuses a low score', async () => {
      const { fake, captcha } = get();
      fake.answer(good({ score: 0.3 }));
      await expect(captcha.verify(TOKEN, { action: 'sendMessage', ip: IP })).resolves.toEqual({
        ok: false,
        reason: 'low score 0.3',
      });
    });

    it('refuses a success without a score', async () => {
      const { fake, captcha } = get();
      fake.answer(good({ score: undefined }));
      const result = await captcha.verify(TOKEN, { action: 'sendMessage', ip: IP });
      expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('low score') });
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
  },
});
