import { ALTCHA_CHALLENGE_PATH, type PublicConfig } from '@supersteward/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createAltchaCaptcha } from '../../captcha/altcha.js';
import { createMemoryReplayGuard } from '../../captcha/replay.js';
import { createTurnstileCaptcha } from '../../captcha/turnstile.js';
import { httpClient } from '../../test/http-client.js';
import { startTestApp, type TestApp } from '../../test/start-app.js';

describe('GET /api/config and the ALTCHA challenge', () => {
  let running: TestApp | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('publishes the deployment’s public settings and serves fresh ALTCHA challenges', async () => {
    running = await startTestApp({
      env: {
        AIRLINE_NAME: 'Adria Wings',
        SUPPORT_EMAIL: 'help@adria.example',
        DAILY_MESSAGE_LIMIT: '12',
      },
      captcha: () =>
        createAltchaCaptcha({ hmacKey: 'config-test-hmac-key', replay: createMemoryReplayGuard() }),
    });
    const http = httpClient(running.url);
    const config = await http.call('config');
    expect(config.status).toBe(200);
    expect(config.body).toEqual({
      product_name: 'Supersteward',
      airline_name: 'Adria Wings',
      support_email: 'help@adria.example',
      languages: ['mne', 'en'],
      default_language: 'mne',
      daily_message_limit: 12,
      captcha: { provider: 'altcha', challenge_url: ALTCHA_CHALLENGE_PATH },
    } satisfies PublicConfig);

    const one = await http.send('GET', ALTCHA_CHALLENGE_PATH);
    const two = await http.send('GET', ALTCHA_CHALLENGE_PATH);
    expect(one.status).toBe(200);
    expect(one.headers.get('cache-control')).toBe('no-store');
    expect(one.body).toMatchObject({
      parameters: { algorithm: 'PBKDF2/SHA-256' },
      signature: expect.any(String),
    });
    expect(one.body).not.toEqual(two.body);
  });

  it('limits ALTCHA challenges per client address (each costs the server a key derivation)', async () => {
    const ALTCHA_CHALLENGES_PER_MINUTE = 5;
    running = await startTestApp({
      captcha: () =>
        createAltchaCaptcha({
          hmacKey: 'config-test-hmac-key',
          replay: createMemoryReplayGuard(),
          challengesPerMinute: ALTCHA_CHALLENGES_PER_MINUTE,
        }),
    });
    const http = httpClient(running.url);
    const statuses: number[] = [];
    for (let i = 0; i < ALTCHA_CHALLENGES_PER_MINUTE; i += 1)
      statuses.push((await http.send('GET', ALTCHA_CHALLENGE_PATH)).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const refused = await http.send('GET', ALTCHA_CHALLENGE_PATH);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      status_code: 429,
      detail: expect.stringMatching(/challenges/),
      limit: ALTCHA_CHALLENGES_PER_MINUTE,
      reset_at: expect.any(String),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other routes are not affected.
    expect((await http.call('config')).status).toBe(200);
  });

  it('gives the site key of a third-party provider, and no challenge endpoint', async () => {
    running = await startTestApp({
      captcha: (logger) =>
        createTurnstileCaptcha({
          secret: 's',
          siteKey: 'site-key-123',
          verifyUrl: 'http://127.0.0.1:9/',
          logger,
        }),
    });
    const http = httpClient(running.url);
    expect(((await http.call('config')).body as PublicConfig).captcha).toEqual({
      provider: 'turnstile',
      site_key: 'site-key-123',
    });
    const challenge = await http.send('GET', ALTCHA_CHALLENGE_PATH);
    expect(challenge.status).toBe(404);
    expect(challenge.body).toMatchObject({ status_code: 404 });
  });
});
