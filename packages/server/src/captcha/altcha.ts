import { randomBytes } from 'node:crypto';
import { ALTCHA_CHALLENGE_PATH, AltchaChallenge } from '@supersteward/contract';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { deriveHmacKeySecret } from 'altcha-lib/frameworks/shared';
import { matching, optionalSetting, setting, wholeNumber } from '../settings/setting.js';
import { ApiError } from '../http/api-error.js';
import { errorResponses, type App } from '../http/app-types.js';
import { NO_SOURCES, type Captcha, type CaptchaResult } from './captcha.js';
import { captchaProvider } from './provider.js';
import type { ReplayGuard } from './replay.js';

/** PBKDF2 is bundled in the `altcha` widget and runs on WebCrypto in every browser's workers. */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per attempt. */
export const ALTCHA_DEFAULT_COST = 1_000;
/** Attempts the solver needs are drawn from [maxCounter / 2, maxCounter]. */
export const ALTCHA_DEFAULT_MAX_COUNTER = 100;
export const ALTCHA_DEFAULT_EXPIRES_IN_MS = 10 * 60_000;
/** A genuine payload is about 600 base64 characters; anything far larger is not one. */
const MAX_TOKEN_LENGTH = 4_096;

/** Well above a passenger asking, deleting and rating, far below a flood. */
export const ALTCHA_DEFAULT_CHALLENGES_PER_MINUTE = 60;

export interface AltchaCaptchaOptions {
  /** Signs challenges; every instance of a deployment needs the same key. */
  hmacKey: string;
  /** PBKDF2 iterations per attempt (default 1000). */
  cost?: number;
  /** Upper bound of the attempts a solution takes (default 100); the work is drawn from its upper half. */
  maxCounter?: number;
  /** How long a challenge may be solved and used (default 10 minutes). */
  expiresInMs?: number;
  /** Remembers used challenges until they expire. */
  replay: ReplayGuard;
  /** Challenges one client address may fetch per minute (default 60). */
  challengesPerMinute?: number;
}

export type AltchaCaptcha = Captcha & {
  /** Challenges one client address may fetch per minute. */
  challengesPerMinute: number;
  /** A fresh signed challenge, to be served as JSON at ALTCHA_CHALLENGE_PATH (with Cache-Control: no-store). */
  createChallenge(): Promise<Challenge>;
};

/** What the `altcha` widget puts into its form field, base64-encoded JSON. */
const Payload = Type.Object({
  challenge: Type.Object({
    parameters: Type.Object(
      {
        algorithm: Type.Literal(ALTCHA_ALGORITHM),
        nonce: Type.String({ pattern: '^[0-9a-f]{2,128}$' }),
        salt: Type.String({ pattern: '^[0-9a-f]{2,128}$' }),
        cost: Type.Integer({ minimum: 1 }),
        keyLength: Type.Integer({ minimum: 1, maximum: 64 }),
        keyPrefix: Type.String({ pattern: '^[0-9a-f]{1,128}$' }),
        keySignature: Type.String({ pattern: '^[0-9a-f]{64}$' }),
        expiresAt: Type.Number(),
      },
      { additionalProperties: true },
    ),
    signature: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  }),
  solution: Type.Object({
    counter: Type.Integer({ minimum: 0, maximum: 0xffffffff }),
    derivedKey: Type.String({ pattern: '^[0-9a-f]{2,256}$' }),
    time: Type.Optional(Type.Number()),
  }),
});
type Payload = Static<typeof Payload>;

function decodePayload(token: string): Payload | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  return Value.Check(Payload, parsed) ? parsed : null;
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, got ${value}`);
  return value;
}

/**
 * Self-hosted ALTCHA (v2 proof of work). Challenges are issued in altcha-lib's deterministic
 * mode: the server picks the counter, so the client's work is bounded, and verification is
 * two HMACs, no key derivation. Nothing is stored per challenge until a solution is used.
 */
export function createAltchaCaptcha(options: AltchaCaptchaOptions): AltchaCaptcha {
  if (!options.hmacKey) throw new Error('hmacKey must not be empty');
  const cost = positiveInteger('cost', options.cost ?? ALTCHA_DEFAULT_COST);
  const maxCounter = positiveInteger(
    'maxCounter',
    options.maxCounter ?? ALTCHA_DEFAULT_MAX_COUNTER,
  );
  const expiresInMs = positiveInteger(
    'expiresInMs',
    options.expiresInMs ?? ALTCHA_DEFAULT_EXPIRES_IN_MS,
  );
  const { hmacKey, replay } = options;
  const keySecret = deriveHmacKeySecret(hmacKey);

  const perMinute = positiveInteger(
    'challengesPerMinute',
    options.challengesPerMinute ?? ALTCHA_DEFAULT_CHALLENGES_PER_MINUTE,
  );

  async function newChallenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: ALTCHA_ALGORITHM,
      cost,
      counter: randomInt(maxCounter, Math.ceil(maxCounter / 2)),
      deriveKey,
      expiresAt: Math.ceil((Date.now() + expiresInMs) / 1000),
      hmacSignatureSecret: hmacKey,
      hmacKeySignatureSecret: await keySecret,
    });
  }

  return {
    provider: 'altcha',
    csp: NO_SOURCES,
    challengesPerMinute: perMinute,
    createChallenge: newChallenge,
    registerRoutes: (app) => registerChallengeRoute(app, newChallenge, perMinute),

    async verify(token): Promise<CaptchaResult> {
      if (!token) return { ok: false, reason: 'missing token' };
      if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'token too long' };
      const payload = decodePayload(token);
      if (!payload) return { ok: false, reason: 'malformed token' };

      let result;
      try {
        result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: hmacKey,
          hmacKeySignatureSecret: await keySecret,
        });
      } catch {
        return { ok: false, reason: 'malformed token' };
      }
      if (result.expired) return { ok: false, reason: 'challenge expired' };
      if (result.invalidSignature) return { ok: false, reason: 'invalid signature' };
      if (!result.verified) return { ok: false, reason: 'wrong solution' };

      const { nonce, expiresAt } = payload.challenge.parameters;
      // Kept a little past expiry so clock skew between instances cannot reopen the window.
      const ttlMs = expiresAt * 1000 - Date.now() + 60_000;
      try {
        if (!(await replay.claim(`altcha:${nonce}`, ttlMs)))
          return { ok: false, reason: 'solution already used' };
      } catch {
        return { ok: false, reason: 'replay guard unavailable' };
      }
      return { ok: true };
    },

    publicConfig() {
      return { challenge_url: ALTCHA_CHALLENGE_PATH };
    },

    async ping() {
      await replay.ping?.();
    },
  };
}

/**
 * GET ALTCHA_CHALLENGE_PATH: a fresh signed challenge, never cached. Each costs the server a key
 * derivation (ALTCHA_COST iterations), so one address gets `perMinute` of them a minute.
 */
function registerChallengeRoute(
  app: App,
  newChallenge: () => Promise<Challenge>,
  perMinute: number,
): void {
  app.get(
    ALTCHA_CHALLENGE_PATH,
    {
      config: {
        rateLimit: {
          max: perMinute,
          timeWindow: 60_000,
          errorResponseBuilder: (_request, context) =>
            new ApiError(
              429,
              `Too many captcha challenges from this address; try again in ${Math.ceil(context.ttl / 1000)} s`,
              {
                limit: context.max,
                reset_at: new Date(Date.now() + context.ttl).toISOString(),
              },
            ),
        },
      },
      schema: {
        summary: 'A signed ALTCHA proof-of-work challenge (captcha provider altcha only)',
        tags: ['config'],
        response: { 200: AltchaChallenge, ...errorResponses(429) },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return newChallenge();
    },
  );
}

export const ALTCHA_SETTINGS = {
  hmacKey: optionalSetting({
    name: 'ALTCHA_HMAC_KEY',
    shownDefault: 'random per start',
    parse: matching(/^.{16,}$/, 'must be at least 16 characters'),
    meaning: 'signs ALTCHA challenges; set the same value on every instance',
  }),
  challengesPerMinute: setting({
    name: 'ALTCHA_CHALLENGES_PER_MINUTE',
    default: ALTCHA_DEFAULT_CHALLENGES_PER_MINUTE,
    parse: wholeNumber(1, 1_000_000),
    meaning:
      'ALTCHA challenges one client address may fetch per minute (each costs the server a key derivation); 429 beyond',
  }),
  cost: setting({
    name: 'ALTCHA_COST',
    default: ALTCHA_DEFAULT_COST,
    parse: wholeNumber(1, 1_000_000),
    meaning: 'PBKDF2 iterations per ALTCHA attempt (work asked of the browser)',
  }),
};

export const ALTCHA_PROVIDER = captchaProvider({
  id: 'altcha',
  settings: ALTCHA_SETTINGS,
  readSettings(read, { scaled, warnings }) {
    const values = read.all(ALTCHA_SETTINGS);
    const hmacKeyGenerated = values.hmacKey === undefined;
    if (hmacKeyGenerated && scaled) {
      warnings.push(
        'ALTCHA_HMAC_KEY is not set: a random key was made for this instance, so a challenge issued by one instance fails on another. Set the same key on every instance.',
      );
    }
    return {
      ...values,
      hmacKey: values.hmacKey ?? randomBytes(32).toString('hex'),
      hmacKeyGenerated,
    };
  },
  create: (settings, { replay }) =>
    createAltchaCaptcha({
      hmacKey: settings.hmacKey,
      cost: settings.cost,
      challengesPerMinute: settings.challengesPerMinute,
      replay,
    }),
});
