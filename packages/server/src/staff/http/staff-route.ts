import type { TSchema } from '@sinclair/typebox';
import { ErrorBody, type StaffEndpoint } from '@supersteward/contract';
import type { App } from '../../http/app-types.js';
import { contractRoute, type RouteHandler } from '../../http/contract-route.js';
import type { StaffServices } from '../staff-services.js';
import { staffGuard } from './staff-guard.js';

export interface StaffRouteContext {
  app: App;
  services: StaffServices;
  now: () => number;
}

/** Endpoints reachable with a one-time password still in place (to replace it). */
const ONE_TIME_PASSWORD_OK = new Set([
  '/api/staff/me',
  '/api/staff/logout',
  '/api/staff/me/password',
]);

/**
 * Registers one endpoint of the contract's staff table: its method, path and schemas (validated,
 * documented under the `staff` tag), behind the staff guard of its role.
 */
export function staffRoute<E extends StaffEndpoint>(
  context: StaffRouteContext,
  endpoint: E,
  handler: RouteHandler<E>,
): void {
  const { app, services, now } = context;
  const errors = [400, ...(endpoint.role ? [401, 403] : []), ...endpoint.errors];
  const response: Record<number, TSchema> = { 200: endpoint.response };
  for (const code of errors) response[code] = endpoint.errorBodies?.[code] ?? ErrorBody;
  contractRoute(
    app,
    endpoint,
    {
      schema: {
        tags: ['staff'],
        summary: endpoint.summary,
        ...(endpoint.role && {
          description: `Role: ${endpoint.role}.${endpoint.method === 'GET' ? '' : ' Needs the x-csrf-token header.'}`,
          security: [{ staffSession: [] }],
        }),
        response,
      },
      onRequest: endpoint.role
        ? staffGuard(services, now, {
            role: endpoint.role,
            allowOneTimePassword: ONE_TIME_PASSWORD_OK.has(endpoint.path),
          })
        : undefined,
    },
    handler,
  );
}
