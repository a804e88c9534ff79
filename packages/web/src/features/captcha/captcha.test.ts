import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '@supersteward/contract';
import type { AltchaChallenge } from '@supersteward/contract';
import { createCaptcha, type CaptchaDeps } from './captcha';
import { useCaptchaStore } from './captchaStore';

type CaptchaConfig = PublicConfig['captcha'];

function setup(config: CaptchaConfig, now = () => 1_000_000) {
  let n = 0;
  const fetchChallenge = vi.fn(async (): Promise<AltchaChallenge> => ({
    parameters: { algorithm: 'PBKDF2/SHA-256', nonce: `n${(n += 1)}`, expiresAt: 2_000 },
    signature: 's',
  }));
  const solveAltcha = vi.fn(async (c: AltchaChallenge) => `solved-${String(c.parameters.nonce)}`);
  const deps: CaptchaDeps = {
    config: Promise.resolve(config),
    fetchChallenge,
    solveAltcha,
    recaptchaToken: vi.fn(async (key, action) => `recaptcha-${key}-${action}`),
    createTurnstile: vi.fn(() => ({ token: async () => 'turnstile', reset: vi.fn() })),
    now,
  };
  return { captcha: createCaptcha(deps), deps, fetchChallenge, solveAltcha };
}

beforeEach(() => useCaptchaStore.setState({ token: '', widgetId: '' }));

describe('captcha client', () => {
  it('none: no token', async () => {
    const { captcha } = setup({ provider: 'none' });
    expect(await captcha.getToken('sendMessage')).toBeNull();
  });

  it('recaptcha: a token per action with the site key; no key, no token', async () => {
    const { captcha } = setup({ provider: 'recaptcha', site_key: 'k' });
    expect(await captcha.getToken('click')).toBe('recaptcha-k-click');
    const { captcha: keyless } = setup({ provider: 'recaptcha' });
    expect(await keyless.getToken('click')).toBeNull();
  });

  it('altcha: every token is single-use, and the next one is solved in the background', async () => {
    const { captcha, fetchChallenge } = setup({ provider: 'altcha', challenge_url: '/c' });
    captcha.prefetch();
    await vi.waitFor(() => expect(fetchChallenge).toHaveBeenCalledTimes(1));
    expect(fetchChallenge).toHaveBeenCalledWith('/c');
    expect(await captcha.getToken('sendMessage')).toBe('solved-n1');
    // Already fetching the next one.
    expect(fetchChallenge).toHaveBeenCalledTimes(2);
    expect(await captcha.getToken('click')).toBe('solved-n2');
    expect(await captcha.getToken('click')).toBe('solved-n3');
  });

  it('altcha: a held token about to expire is solved again', async () => {
    // expiresAt 2000 s; now is 1990 s, inside the 30 s margin.
    const { captcha, fetchChallenge } = setup({ provider: 'altcha' }, () => 1_990_000);
    captcha.prefetch();
    const token = await captcha.getToken('sendMessage');
    expect(token).toBe('solved-n2');
    expect(fetchChallenge).toHaveBeenCalledTimes(3);
  });

  it('altcha: a failed solve gives null, not an exception', async () => {
    const { captcha, deps } = setup({ provider: 'altcha' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    (deps.fetchChallenge as ReturnType<typeof vi.fn>).mockRejectedValue(new Error('offline'));
    expect(await captcha.getToken('sendMessage')).toBeNull();
  });

  it('a token from the captcha screen is used first, once; reset drops it', async () => {
    const { captcha } = setup({ provider: 'altcha' });
    expect(await captcha.verify()).toBe(true);
    expect(useCaptchaStore.getState().token).toBe('solved-n1');
    expect(await captcha.getToken('sendMessage')).toBe('solved-n1');
    expect(useCaptchaStore.getState().token).toBe('');
    useCaptchaStore.getState().setToken('held');
    captcha.reset();
    expect(useCaptchaStore.getState().token).toBe('');
  });
});
