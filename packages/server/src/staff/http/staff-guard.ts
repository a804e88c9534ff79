import { timingSafeEqual } from 'node:crypto';
import {
  CSRF_HEADER,
  roleAllows,
  STAFF_SESSION_COOKIE,
  type StaffRole,
} from '@supersteward/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import type { LiveSession } from '../access/sessions.js';
import type { StaffServices } from '../staff-services.js';
import type { Actor } from '../audit/audit-log.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff session of a guarded staff route. */
    staffSession: LiveSession | undefined;
  }
}

/** The signed-in staff member of a guarded route (the guard has run). */
export function staffOf(request: FastifyRequest): LiveSession {
  const session = request.staffSession;
  if (!session) throw new ApiError(401, 'Sign in to the staff console first');
  return session;
}

export function actorOf(request: FastifyRequest): Actor {
  const { user } = staffOf(request);
  return { id: user.id, email: user.email };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes to the session's last use at most this often (not on every call). */
const TOUCH_EVERY_MS = 30_000;

export interface GuardOptions {
  role: StaffRole;
  /** Reachable while the account still has its one-time password (me, logout, change password). */
  allowOneTimePassword?: boolean;
}

/**
 * onRequest guard of a staff route: a live session from the cookie (401), a same-origin request
 * carrying the session's CSRF token for anything but GET (403), the role (403), a replaced
 * one-time password (403). Runs before the body is read: strangers cost no parsing.
 */
export function staffGuard(services: StaffServices, now: () => number, options: GuardOptions) {
  return async function guardStaff(request: FastifyRequest): Promise<void> {
    const token = request.cookies[STAFF_SESSION_COOKIE];
    const at = now();
    const session = token ? await services.sessions.find(token, at) : undefined;
    if (!session) throw new ApiError(401, 'Sign in to the staff console first');

    if (!SAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin;
      if (
        origin !== undefined &&
        (!URL.canParse(origin) || new URL(origin).host !== request.host)
      ) {
        throw new ApiError(403, 'Staff calls are accepted from the console’s own origin only');
      }
      const csrf = request.headers[CSRF_HEADER];
      if (typeof csrf !== 'string' || !sameSecret(csrf, session.csrfToken)) {
        throw new ApiError(403, `Missing or wrong ${CSRF_HEADER} header`);
      }
    }
    if (!roleAllows(session.user.role, options.role)) {
      throw new ApiError(403, `This needs the ${options.role} role; you are ${session.user.role}`);
    }
    if (Number(session.user.must_change_password) === 1 && !options.allowOneTimePassword) {
      throw new ApiError(403, 'Replace your one-time password first (POST /api/staff/me/password)');
    }
    if (at - session.lastSeenAt >= TOUCH_EVERY_MS) {
      await services.sessions.touch(session.tokenHash, at);
      session.lastSeenAt = at;
    }
    request.staffSession = session;
  };
}
