import { STAFF_SESSION_COOKIE, type StaffSession } from '@supersteward/contract';
import type { FastifyReply } from 'fastify';
import type { StaffServices } from '../staff-services.js';
import { idleEnd } from './sessions.js';
import { accountKey } from './throttle.js';
import { toStaffUser, type StaffUserRow } from './staff-users.js';

/** Only the staff API needs the cookie: the pages under /admin and the passenger API never get it. */
const COOKIE_PATH = '/api/staff';

export function setSessionCookie(reply: FastifyReply, token: string, maxAgeMs: number): void {
  void reply.setCookie(STAFF_SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: COOKIE_PATH,
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(STAFF_SESSION_COOKIE, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: COOKIE_PATH,
  });
}

export async function lockedUntil(
  services: StaffServices,
  email: string,
  now: number,
): Promise<number | null> {
  const state = (await services.throttle.get([accountKey(email)])).get(accountKey(email));
  return state?.lockedUntil && state.lockedUntil > now ? state.lockedUntil : null;
}

export async function sessionBody(
  services: StaffServices,
  user: StaffUserRow,
  session: { csrfToken: string; lastSeenAt: number; expiresAt: number },
  now: number,
): Promise<StaffSession> {
  return {
    user: toStaffUser(user, await lockedUntil(services, user.email, now)),
    csrf_token: session.csrfToken,
    idle_expires_at: new Date(idleEnd(session, services.policy)).toISOString(),
  };
}
