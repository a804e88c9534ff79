import { describe, expect, it } from 'vitest';
import { createNoCaptcha } from './none.js';
import { captureLogger } from './test/fake-siteverify.js';

describe('no captcha', () => {
  it('warns loudly when built and then accepts everything', async () => {
    const { logger, lines } = captureLogger();
    const captcha = createNoCaptcha(logger);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: expect.stringContaining('CAPTCHA IS DISABLED'),
    });
    expect(captcha.provider).toBe('none');
    await expect(
      captcha.verify(undefined, { action: 'sendMessage', ip: '127.0.0.1' }),
    ).resolves.toEqual({ ok: true });
    await expect(captcha.verify('anything', { action: 'click', ip: '127.0.0.1' })).resolves.toEqual(
      { ok: true },
    );
    expect(captcha.publicConfig()).toEqual({});
  });
});
