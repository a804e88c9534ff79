import { CAPTCHA_HEADER, type CaptchaAction } from '@supersteward/contract';
import type { FastifyRequest } from 'fastify';
import type { Captcha } from '../captcha/captcha.js';
import { ApiError } from './api-error.js';

/**
 * Actions accepted per call. A question is typed ('sendMessage') or picked from a card
 * ('click'); delete and feedback are clicks, but a client that reuses its 'sendMessage'
 * token there is tolerated: the token still proves a human, once.
 */
export const CAPTCHA_ACTIONS = {
  answer: ['sendMessage', 'click'],
  click: ['click', 'sendMessage'],
} as const satisfies Record<string, CaptchaAction[]>;

/** 403 unless the request's X-CAPTCHA-TOKEN verifies for one of `actions`. */
export async function requireCaptcha(
  captcha: Captcha,
  request: FastifyRequest,
  actions: readonly CaptchaAction[],
): Promise<void> {
  const header = request.headers[CAPTCHA_HEADER];
  const token = typeof header === 'string' && header.length > 0 ? header : undefined;
  // Fail closed: a verifier that breaks refuses rather than lets through.
  const result = await captcha
    .verify(token, { action: [...actions], ip: request.ip })
    .catch((error: unknown) => {
      request.log.warn({ err: error }, 'captcha verification broke');
      return { ok: false as const, reason: 'verification unavailable' };
    });
  if (!result.ok) throw new ApiError(403, `Captcha verification failed: ${result.reason}`);
}
