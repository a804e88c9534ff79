import { expect, it } from 'vitest';
import { createTurnstileCaptcha } from './turnstile.js';
import { describeSiteverifyCaptcha, TEST_IP as IP } from './test/siteverify-suite.js';

const TOKEN = '0.turnstile-token';

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

describeSiteverifyCaptcha({
  name: 'Cloudflare Turnstile captcha',
  provider: 'turnstile',
  secret: '0x4AAAAAAA-turnstile-secret',
  siteKey: '0x4AAAAAAA-site',
  token: TOKEN,
  maxTokenLength: 2_048,
  create: createTurnstileCaptcha,
  good,
  more(get) {
    it('refuses a token without an action', async () => {
      const { fake, captcha } = get();
      fake.answer(good({ action: undefined }));
      await expect(captcha.verify(TOKEN, { action: 'click', ip: IP })).resolves.toEqual({
        ok: false,
        reason: 'unexpected action null',
      });
    });
  },
});
