import type { AltchaChallenge, CaptchaAction, PublicConfig } from '@supersteward/contract';
import { ALTCHA_CHALLENGE_PATH } from '@supersteward/contract';
import { useCaptchaStore } from './captchaStore';

type CaptchaConfig = PublicConfig['captcha'];

export interface CaptchaDeps {
  config: Promise<CaptchaConfig>;
  fetchChallenge: (url: string) => Promise<AltchaChallenge>;
  /** Solves a challenge in Web Workers; loaded lazily so the first paint does not wait for it. */
  solveAltcha: (challenge: AltchaChallenge) => Promise<string | null>;
  recaptchaToken: (siteKey: string, action: CaptchaAction) => Promise<string | null>;
  createTurnstile: (
    siteKey: string,
    onWidget: (id: string) => void,
  ) => { token: () => Promise<string | null>; reset: () => void };
  now?: () => number;
}

export interface CaptchaClient {
  /** A single-use token for the action, or null when no provider is configured or it failed. */
  getToken: (action: CaptchaAction) => Promise<string | null>;
  /** Starts solving the next token in the background (ALTCHA), so a send does not wait. */
  prefetch: () => void;
  /** Drops any held token (opening the delete modal resets it). */
  reset: () => void;
  /** The captcha screen's 'Verify': solves now and keeps the token for the next action. */
  verify: () => Promise<boolean>;
}

interface Solved {
  token: string | null;
  /** Epoch ms after which the server refuses it. */
  expiresAt: number;
}

/** A token this close to expiry is solved again rather than sent. */
const EXPIRY_MARGIN_MS = 30_000;

export function createCaptcha(deps: CaptchaDeps): CaptchaClient {
  const now = deps.now ?? Date.now;
  let next: Promise<Solved> | null = null;
  let turnstile: ReturnType<CaptchaDeps['createTurnstile']> | null = null;

  async function solveAltcha(config: CaptchaConfig): Promise<Solved> {
    try {
      const challenge = await deps.fetchChallenge(config.challenge_url ?? ALTCHA_CHALLENGE_PATH);
      const token = await deps.solveAltcha(challenge);
      const expiresAt = challenge.parameters.expiresAt;
      return {
        token,
        expiresAt: typeof expiresAt === 'number' ? expiresAt * 1000 : Number.POSITIVE_INFINITY,
      };
    } catch (error) {
      console.error('ALTCHA could not be solved', error);
      return { token: null, expiresAt: 0 };
    }
  }

  async function altchaToken(config: CaptchaConfig): Promise<string | null> {
    let solved = await (next ?? solveAltcha(config));
    next = null;
    if (!solved.token || solved.expiresAt - EXPIRY_MARGIN_MS <= now()) {
      solved = await solveAltcha(config);
    }
    // Each token is single-use: start on the next one while this one is being sent.
    next = solveAltcha(config);
    return solved.token;
  }

  return {
    async getToken(action) {
      const store = useCaptchaStore.getState();
      if (store.token) {
        const token = store.token;
        store.clearToken();
        return token;
      }
      const config = await deps.config;
      switch (config.provider) {
        case 'altcha':
          return altchaToken(config);
        case 'recaptcha':
          return config.site_key ? deps.recaptchaToken(config.site_key, action) : null;
        case 'turnstile':
          if (!config.site_key) return null;
          turnstile ??= deps.createTurnstile(config.site_key, (id) =>
            useCaptchaStore.getState().setWidgetId(id),
          );
          return turnstile.token();
        default:
          return null;
      }
    },
    prefetch() {
      void deps.config.then((config) => {
        if (config.provider === 'altcha' && !next) next = solveAltcha(config);
      });
    },
    reset() {
      const store = useCaptchaStore.getState();
      if (store.token) store.clearToken();
      turnstile?.reset();
    },
    async verify() {
      const config = await deps.config;
      if (config.provider !== 'altcha') return true;
      const solved = await solveAltcha(config);
      if (!solved.token) return false;
      useCaptchaStore.getState().setToken(solved.token);
      return true;
    },
  };
}
