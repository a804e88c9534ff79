import cookie from '@fastify/cookie';
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { App } from '../http/app-types.js';
import { registerAccessRoutes } from './access/access-routes.js';
import { registerAuditRoutes } from './audit/audit-routes.js';
import type { StaffRouteContext } from './http/staff-route.js';
import { registerInsightRoutes } from './insights/insight-routes.js';
import { registerKnowledgeRoutes } from './knowledge/knowledge-routes.js';
import { registerNoticeRoutes, registerPublicNotices } from './notices/notice-routes.js';
import type { StaffServices } from './staff-services.js';
import { registerUserRoutes } from './users/user-routes.js';

const buildCompiler = AjvCompiler();
/** Bodies as the rest of the API: strict, no coercion. */
const strict = buildCompiler(
  {},
  {
    customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false },
  },
);
/** Query strings and path parameters are text: `?limit=20` and `/versions/3` read as numbers. */
const coercing = buildCompiler(
  {},
  {
    customOptions: { removeAdditional: false, coerceTypes: true, allErrors: false },
  },
);

/** The staff console's API (/api/staff/…), in its own scope. */
export async function registerStaff(
  app: App,
  services: StaffServices,
  now: () => number,
): Promise<void> {
  await app.register(cookie);
  // Fastify takes a plugin as async or as taking a `done` callback: async, with nothing to await.
  // eslint-disable-next-line @typescript-eslint/require-await
  await app.register(async (scope) => {
    scope.setValidatorCompiler((route) =>
      route.httpPart === 'body' ? strict(route) : coercing(route),
    );
    scope.decorateRequest('staffSession', undefined);
    const context: StaffRouteContext = { app: scope, services, now };
    registerAccessRoutes(context);
    registerUserRoutes(context);
    registerAuditRoutes(context);
    registerInsightRoutes(context);
    if (services.knowledge) registerKnowledgeRoutes(context, services.knowledge);
    registerNoticeRoutes(context, services.notices);
    registerPublicNotices(context.app, services.notices, now);
  });
}
