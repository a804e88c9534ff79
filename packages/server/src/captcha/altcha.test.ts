import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALTCHA_CHALLENGE_PATH } from '@supersteward/contract';
import { Redis } from 'ioredis';
import { deleteKeys, randomKeyPrefix, TEST_REDIS_URL } from '../hub/test/redis-server.js';
import { createAltchaCaptcha, ALTCHA_ALGORITHM } from './altcha.js';
import { createMemoryReplayGuard, createRedisReplayGuard } from './replay.js';
// The solver the widget's PBKDF2 worker runs in the browser (WebCrypto), from the widget package itself.
import { pbkdf2 } from 'altcha/lib';
import { solveLikeTheWidget } from '../test/altcha-solver.js';

const HMAC_KEY = 'altcha-test-hmac-key';
const input = { action: 'sendMessage' as const, ip: '127.0.0.1' };

function decode(token: string) {
  return JSON.parse(atob(token)) as {
    challenge: { parameters: Record<string, unknown>; signature: string };
    solution: { counter: number; derivedKey: string };
  };
}
const encode = (payload: unknown) => btoa(JSON.stringify(payload));

describe('ALTCHA captcha', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const make = (over: Partial<Parameters<typeof createAltchaCaptcha>[0]> = {}) =>
    createAltchaCaptcha({ hmacKey: HMAC_KEY, replay: createMemoryReplayGuard(), ...over });

  it('issues a signed, expiring PBKDF2 challenge and publishes its URL', async () => {
    const captcha = make();
    const before = Date.now() / 1000;
    const challenge = await captcha.createChallenge();
    expect(challenge.parameters).toMatchObject({
      algorithm: ALTCHA_ALGORITHM,
      cost: 1000,
      keyLength: 32,
    });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt).toBeGreaterThanOrEqual(before + 599);
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(before + 601);
    expect(captcha.provider).toBe('altcha');
    expect(captcha.publicConfig()).toEqual({ challenge_url: ALTCHA_CHALLENGE_PATH });
    const other = await captcha.createChallenge();
    expect(other.parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('accepts a solution found by the widget solver, once', async () => {
    const captcha = make();
    const token = await solveLikeTheWidget(await captcha.createChallenge());
    await expect(captcha.verify(token, input)).resolves.toEqual({ ok: true });
    await expect(captcha.verify(token, { action: 'click', ip: '10.0.0.1' })).resolves.toEqual({
      ok: false,
      reason: 'solution already used',
    });
  });

  it('accepts exactly one of concurrent submissions of the same solution', async () => {
    const captcha = make();
    const token = await solveLikeTheWidget(await captcha.createChallenge());
    const results = await Promise.all(
      Array.from({ length: 5 }, () => captcha.verify(token, input)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('works with the default cost and a custom one', async () => {
    const captcha = make({ cost: 10, maxCounter: 20 });
    const challenge = await captcha.createChallenge();
    expect(challenge.parameters.cost).toBe(10);
    const token = await solveLikeTheWidget(challenge);
    expect(decode(token).solution.counter).toBeGreaterThanOrEqual(10);
    expect(decode(token).solution.counter).toBeLessThanOrEqual(20);
    await expect(captcha.verify(token, input)).resolves.toEqual({ ok: true });
  });

  it('refuses a challenge signed with another key', async () => {
    const foreign = make({ hmacKey: 'someone-else' });
    const token = await solveLikeTheWidget(await foreign.createChallenge());
    await expect(make().verify(token, input)).resolves.toEqual({
      ok: false,
      reason: 'invalid signature',
    });
  });

  it('refuses a challenge whose parameters were changed (expiry pushed back)', async () => {
    const captcha = make();
    const payload = decode(await solveLikeTheWidget(await captcha.createChallenge()));
    payload.challenge.parameters.expiresAt = Math.floor(Date.now() / 1000) + 86_400;
    await expect(captcha.verify(encode(payload), input)).resolves.toEqual({
      ok: false,
      reason: 'invalid signature',
    });
  });

  it('refuses a forged signature', async () => {
    const captcha = make();
    const payload = decode(await solveLikeTheWidget(await captcha.createChallenge()));
    const sig = payload.challenge.signature;
    payload.challenge.signature = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
    await expect(captcha.verify(encode(payload), input)).resolves.toEqual({
      ok: false,
      reason: 'invalid signature',
    });
  });

  it('refuses a wrong solution', async () => {
    const captcha = make();
    const challenge = await captcha.createChallenge();
    const payload = decode(await solveLikeTheWidget(challenge));

    // A neighbouring counter with its own, honestly derived key.
    const params = challenge.parameters;
    const password = new Uint8Array(params.nonce.length / 2 + 4);
    password.set(Buffer.from(params.nonce, 'hex'));
    new DataView(password.buffer).setUint32(password.length - 4, payload.solution.counter - 1);
    const { derivedKey } = await pbkdf2.deriveKey(
      params,
      Buffer.from(params.salt, 'hex'),
      password,
    );
    const neighbour = {
      ...payload,
      solution: {
        counter: payload.solution.counter - 1,
        derivedKey: Buffer.from(derivedKey).toString('hex'),
      },
    };
    await expect(captcha.verify(encode(neighbour), input)).resolves.toEqual({
      ok: false,
      reason: 'wrong solution',
    });

    const flipped = payload.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const tampered = { ...payload, solution: { ...payload.solution, derivedKey: flipped } };
    await expect(captcha.verify(encode(tampered), input)).resolves.toEqual({
      ok: false,
      reason: 'wrong solution',
    });

    // A wrong answer does not use up the challenge: the real one still passes.
    await expect(captcha.verify(encode(payload), input)).resolves.toEqual({ ok: true });
  });

  it('refuses an expired challenge', async () => {
    const captcha = make({ expiresInMs: 60_000 });
    const token = await solveLikeTheWidget(await captcha.createChallenge());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 60_000);
    await expect(captcha.verify(token, input)).resolves.toEqual({
      ok: false,
      reason: 'challenge expired',
    });
  });

  it('refuses a missing token', async () => {
    const captcha = make();
    await expect(captcha.verify(undefined, input)).resolves.toEqual({
      ok: false,
      reason: 'missing token',
    });
    await expect(captcha.verify('', input)).resolves.toEqual({
      ok: false,
      reason: 'missing token',
    });
  });

  it('refuses garbage tokens', async () => {
    const captcha = make();
    const challenge = await captcha.createChallenge();
    const garbage = [
      'not base64 at all!',
      btoa('not json'),
      encode(null),
      encode([1, 2, 3]),
      encode({ challenge: null, solution: null, test: true }), // the widget's test mode
      encode({ challenge, solution: { counter: -1, derivedKey: 'zz' } }),
      encode({
        challenge: {
          parameters: { ...challenge.parameters, expiresAt: undefined },
          signature: challenge.signature,
        },
        solution: { counter: 1, derivedKey: '00' },
      }),
      encode({
        challenge: { ...challenge, parameters: { ...challenge.parameters, algorithm: 'SHA-256' } },
        solution: { counter: 1, derivedKey: '00' },
      }),
      encode({ algorithm: 'SHA-256', challenge: 'abc', number: 1, salt: 'x', signature: 'y' }), // v1 payload
    ];
    for (const token of garbage) {
      await expect(captcha.verify(token, input)).resolves.toEqual({
        ok: false,
        reason: 'malformed token',
      });
    }
    await expect(captcha.verify('A'.repeat(10_000), input)).resolves.toEqual({
      ok: false,
      reason: 'token too long',
    });
  });

  it('fails closed when the replay guard is unavailable', async () => {
    const captcha = make({
      replay: {
        claim: () => Promise.reject(new Error('connection refused')),
        close: () => Promise.resolve(),
      },
    });
    const token = await solveLikeTheWidget(await captcha.createChallenge());
    await expect(captcha.verify(token, input)).resolves.toEqual({
      ok: false,
      reason: 'replay guard unavailable',
    });
  });

  it('refuses a bad configuration at construction', () => {
    expect(() => make({ hmacKey: '' })).toThrow(/hmacKey/);
    expect(() => make({ cost: 0 })).toThrow(/cost/);
    expect(() => make({ maxCounter: 1.5 })).toThrow(/maxCounter/);
  });

  describe('scaled out over Redis', () => {
    let redis: Redis;
    const keyPrefix = randomKeyPrefix();
    beforeAll(() => {
      redis = new Redis(TEST_REDIS_URL);
    });
    afterAll(async () => {
      await deleteKeys(TEST_REDIS_URL, keyPrefix);
      await redis.quit();
    });

    it('a solution used on one instance is refused on another', async () => {
      const a = make({ replay: createRedisReplayGuard({ redis, keyPrefix }) });
      const b = make({ replay: createRedisReplayGuard({ redis, keyPrefix }) });
      const token = await solveLikeTheWidget(await a.createChallenge());
      await expect(a.verify(token, input)).resolves.toEqual({ ok: true });
      await expect(b.verify(token, input)).resolves.toEqual({
        ok: false,
        reason: 'solution already used',
      });
      const [key] = await redis.keys(`${keyPrefix}*`);
      // Remembered until the challenge expires (10 min) plus the skew margin, not forever.
      const ttl = await redis.pttl(key!);
      expect(ttl).toBeGreaterThan(10 * 60_000);
      expect(ttl).toBeLessThanOrEqual(11 * 60_000 + 1_000);
    });
  });
});
