import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  PASSENGER_ENDPOINTS,
  type PublicConfig,
} from '@supersteward/contract';
import type { AppDeps } from '../../deps.js';
import { passengerRoute, type PassengerRouteContext } from '../../http/passenger-route.js';

export const PRODUCT_NAME = 'Supersteward';

/** GET /api/config: what the web app needs to know. */
export function registerConfigRoutes(context: PassengerRouteContext, deps: AppDeps): void {
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

  passengerRoute(context, PASSENGER_ENDPOINTS.config, (_input, _request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return config;
  });
}
