import { STAFF_ENDPOINTS } from '@supersteward/contract';
import { staffRoute, type StaffRouteContext } from '../http/staff-route.js';

/** The audit log, for admins. */
export function registerAuditRoutes(context: StaffRouteContext): void {
  staffRoute(context, STAFF_ENDPOINTS.audit, async ({ query }) =>
    context.services.audit.page({
      before: query.before,
      limit: query.limit ?? 50,
      actorId: query.actor_id,
      action: query.action,
    }),
  );
}
