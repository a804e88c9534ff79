import { UuidHeaders, type PassengerEndpoint } from '@supersteward/contract';
import type { onRequestHookHandler } from 'fastify';
import { errorResponses, type App } from './app-types.js';
import { contractRoute, type RouteHandler } from './contract-route.js';

export interface PassengerRouteContext {
  app: App;
  /** The `uuid` guard, run before the body is read on every endpoint marked `visitor`. */
  visitorGuard: onRequestHookHandler;
}

/** Registers one endpoint of the contract's PASSENGER_ENDPOINTS table. */
export function passengerRoute<E extends PassengerEndpoint>(
  context: PassengerRouteContext,
  endpoint: E,
  handler: RouteHandler<E>,
): void {
  contractRoute(
    context.app,
    endpoint,
    {
      schema: {
        summary: endpoint.summary,
        tags: [endpoint.tag],
        // Documented for OpenAPI; the guard checks it, not the schema.
        ...(endpoint.visitor && { headers: UuidHeaders }),
        response: { 200: endpoint.response, ...errorResponses(...endpoint.errors) },
      },
      onRequest: endpoint.visitor ? context.visitorGuard : undefined,
    },
    handler,
  );
}
