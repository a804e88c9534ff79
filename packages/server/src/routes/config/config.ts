import {
  ALTCHA_CHALLENGE_PATH,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  PublicConfig,
} from '@supersteward/contract';
import { Type } from '@sinclair/typebox';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../http/api-error.js';
import { errorResponses, type App } from '../../http/app-types.js';

export const PRODUCT_NAME = 'Supersteward';

/** GET /api/config (what the web app needs to know) and the ALTCHA challenge endpoint. */
export function registerConfigRoutes(app: App, deps: AppDeps): void {
  const { settings, captcha } = deps;
  const config: PublicConfig = {
    product_name: PRODUCT_NAME,
    airline_name: settings.airlineName,
    support_email: settings.supportEmail,
    languages: [...LANGUAGES],
    default_language: DEFAULT_LANGUAGE,
    daily_message_limit: settings.dailyMessageLimit,
    captcha: { provider: captcha.provider, ...captcha.publicConfig() },
  };

  app.get(
    '/api/config',
    {
      schema: {
        summary: 'Public client settings',
        tags: ['config'],
        response: { 200: PublicConfig },
      },
    },
    (_request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return config;
    },
  );

  app.get(
    ALTCHA_CHALLENGE_PATH,
    {
      schema: {
        summary: 'A signed ALTCHA proof-of-work challenge (captcha provider altcha only)',
        tags: ['config'],
        response: { 200: Type.Object({}, { additionalProperties: true }), ...errorResponses(404) },
      },
    },
    async (_request, reply) => {
      if (!captcha.createChallenge)
        throw new ApiError(404, 'The captcha provider issues no challenges');
      const challenge = await captcha.createChallenge();
      void reply.header('cache-control', 'no-store');
      return challenge as Record<string, unknown>;
    },
  );
}
