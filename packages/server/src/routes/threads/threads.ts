import { PASSENGER_ENDPOINTS } from '@supersteward/contract';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../http/api-error.js';
import { CAPTCHA_ACTIONS, requireCaptcha } from '../../http/captcha-guard.js';
import { passengerRoute, type PassengerRouteContext } from '../../http/passenger-route.js';

/** The visitor's threads: list, read one, delete one (captcha), delete everything. */
export function registerThreadRoutes(context: PassengerRouteContext, deps: AppDeps): void {
  const { store, captcha } = deps;

  passengerRoute(context, PASSENGER_ENDPOINTS.threads, (_input, request) =>
    store.listThreads(request.visitorId),
  );

  passengerRoute(context, PASSENGER_ENDPOINTS.history, ({ params }, request) =>
    store.history(request.visitorId, params.id),
  );

  // Registered before '/:id' would not matter to the router (static beats parametric), but it
  // reads in the order the router decides: 'all' is never taken as a thread id.
  passengerRoute(context, PASSENGER_ENDPOINTS.deleteAll, async (_input, request) => ({
    deleted: await store.deleteUser(request.visitorId),
  }));

  passengerRoute(context, PASSENGER_ENDPOINTS.deleteThread, async ({ params }, request) => {
    await requireCaptcha(captcha, request, CAPTCHA_ACTIONS.click);
    const deleted = await store.deleteThread(request.visitorId, params.id);
    if (deleted === 0) throw new ApiError(404, 'No such thread');
    return { deleted };
  });
}
