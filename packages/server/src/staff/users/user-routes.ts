import { STAFF_ENDPOINTS } from '@supersteward/contract';
import { ApiError } from '../../http/api-error.js';
import { hashPassword, oneTimePassword } from '../access/passwords.js';
import { lockedUntil } from '../access/session-response.js';
import { toStaffUser } from '../access/staff-users.js';
import { accountKey } from '../access/throttle.js';
import { actorOf } from '../http/staff-guard.js';
import { staffRoute, type StaffRouteContext } from '../http/staff-route.js';

const NO_SUCH_ACCOUNT = 'No such staff account';

/** Account management (admins): list, create with a one-time password, change, reset. */
export function registerUserRoutes(context: StaffRouteContext): void {
  const { services, now } = context;
  const { users, sessions, throttle, audit } = services;
  const show = async (row: Parameters<typeof toStaffUser>[0]) =>
    toStaffUser(row, await lockedUntil(services, row.email, now()));

  staffRoute(context, STAFF_ENDPOINTS.listUsers, async () => {
    const rows = await users.list();
    return Promise.all(rows.map(show));
  });

  staffRoute(context, STAFF_ENDPOINTS.createUser, async ({ body }, request) => {
    const password = oneTimePassword();
    const at = now();
    const row = await users.create({
      email: body.email,
      role: body.role,
      passwordHash: await hashPassword(password),
      mustChangePassword: true,
      now: at,
    });
    if (!row) throw new ApiError(409, 'A staff account with this e-mail exists');
    await audit.write({
      actor: actorOf(request),
      action: 'user.create',
      target: row.id,
      detail: { email: row.email, role: row.role },
      at,
    });
    return { user: await show(row), one_time_password: password };
  });

  staffRoute(context, STAFF_ENDPOINTS.updateUser, async ({ params, body }, request) => {
    const actor = actorOf(request);
    const row = await users.byId(params.id);
    if (!row) throw new ApiError(404, NO_SUCH_ACCOUNT);
    const losesAdmin =
      row.role === 'admin' &&
      Number(row.disabled) === 0 &&
      ((body.role !== undefined && body.role !== 'admin') || body.disabled === true);
    if (losesAdmin && (await users.otherActiveAdmins(row.id)) === 0) {
      throw new ApiError(409, 'This is the last enabled admin: make another admin first');
    }
    const updated = await users.update(row.id, {
      ...(body.role !== undefined && { role: body.role }),
      ...(body.disabled !== undefined && { disabled: body.disabled }),
    });
    if (!updated) throw new ApiError(404, NO_SUCH_ACCOUNT);
    // A role change or a disabled account takes effect now, not at the next sign-in.
    if (body.disabled === true || (body.role !== undefined && body.role !== row.role)) {
      await sessions.endAll(row.id);
    }
    if (body.unlock) await throttle.clear(accountKey(row.email));
    await audit.write({
      actor,
      action: 'user.update',
      target: row.id,
      detail: {
        email: row.email,
        ...body,
        ...(body.role !== undefined && { previous_role: row.role }),
      },
      at: now(),
    });
    return show(updated);
  });

  staffRoute(context, STAFF_ENDPOINTS.resetPassword, async ({ params }, request) => {
    const row = await users.byId(params.id);
    if (!row) throw new ApiError(404, NO_SUCH_ACCOUNT);
    const password = oneTimePassword();
    await users.setPassword(row.id, await hashPassword(password), true);
    await sessions.endAll(row.id);
    await throttle.clear(accountKey(row.email));
    await audit.write({
      actor: actorOf(request),
      action: 'user.reset_password',
      target: row.id,
      detail: { email: row.email },
      at: now(),
    });
    const fresh = await users.byId(row.id);
    return { user: await show(fresh ?? row), one_time_password: password };
  });
}
