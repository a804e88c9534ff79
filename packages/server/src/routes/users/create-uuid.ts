import { randomUUID } from 'node:crypto';
import { PASSENGER_ENDPOINTS } from '@supersteward/contract';
import type { AppDeps } from '../../deps.js';
import { takeDaily } from '../../http/daily-limit.js';
import { passengerRoute, type PassengerRouteContext } from '../../http/passenger-route.js';

/** POST /user/create_uuid: a new anonymous visitor, limited per client IP per day. */
export function registerUserRoutes(
  context: PassengerRouteContext,
  deps: AppDeps,
  now: () => Date,
): void {
  const { store, quota, settings } = deps;
  passengerRoute(context, PASSENGER_ENDPOINTS.createUuid, async (_input, request) => {
    await takeDaily(quota, {
      key: `uuid:ip:${request.ip}`,
      limit: settings.uuidDailyLimitPerIp,
      now: now(),
      detail: (limit, resetAt) =>
        `Too many visitor ids from this address today (limit ${limit}); try again after ${resetAt}.`,
    });
    const id = randomUUID();
    await store.createUser(id);
    return { id };
  });
}
