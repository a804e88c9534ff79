import { STAFF_ENDPOINTS, STAFF_SESSION_COOKIE } from '@supersteward/contract';
import { ApiError } from '../../http/api-error.js';
import { actorOf, staffOf } from '../http/staff-guard.js';
import { staffRoute, type StaffRouteContext } from '../http/staff-route.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import { clearSessionCookie, sessionBody, setSessionCookie } from './session-response.js';
import { accountKey, ipKey, waitMs } from './throttle.js';
import { normalizeEmail } from './staff-users.js';

const WRONG_CREDENTIALS = 'Wrong e-mail or password';

function tooMany(wait: number): ApiError {
  const seconds = Math.max(1, Math.ceil(wait / 1000));
  return new ApiError(
    429,
    `Too many failed sign-ins: try again in ${seconds} s`,
    {},
    { 'retry-after': String(seconds) },
  );
}

/** Sign-in, sign-out, the current session, and replacing one's own password. */
export function registerAccessRoutes(context: StaffRouteContext): void {
  const { services, now } = context;
  const { users, sessions, throttle, audit, policy } = services;

  staffRoute(context, STAFF_ENDPOINTS.login, async ({ body }, request, reply) => {
    const email = normalizeEmail(body.email);
    const keys = [accountKey(email), ipKey(request.ip)];
    const at = now();
    const states = await throttle.get(keys);
    const wait = Math.max(...keys.map((key) => waitMs(key, states.get(key), policy, at)));
    if (wait > 0) throw tooMany(wait);

    // The attempt is counted before the (slow) password check, so parallel guesses are counted too.
    const after = await Promise.all(keys.map((key) => throttle.attempt(key, at)));
    const raced = after.some((state, i) => {
      const key = keys[i] ?? '';
      const max = key.startsWith('ip:') ? policy.ipMaxFailures : policy.accountMaxFailures;
      return state.failures > max;
    });
    if (raced) throw tooMany(policy.lockMs);

    const user = await users.byEmail(email);
    const usable = user && Number(user.disabled) === 0 ? user : undefined;
    const ok = await verifyPassword(usable?.password_hash ?? (await dummyHash()), body.password);
    if (!usable || !ok) {
      const locked = after[0]?.lockedUntil ?? null;
      await audit.write({
        actor: { id: null, email: null },
        action: locked ? 'login.locked' : 'login.failed',
        target: email,
        detail: { ip: request.ip, ...(locked && { locked_until: new Date(locked).toISOString() }) },
        at,
      });
      throw new ApiError(401, WRONG_CREDENTIALS);
    }

    await throttle.clear(accountKey(email));
    await throttle.giveBack(ipKey(request.ip));
    // Rotation: whatever session this browser had ends; the new one has a new token and CSRF token.
    const previous = request.cookies[STAFF_SESSION_COOKIE];
    if (previous) await sessions.end(previous);
    const created = await sessions.create({ userId: usable.id, ip: request.ip, now: at });
    await users.touchLogin(usable.id, at);
    await audit.write({
      actor: { id: usable.id, email: usable.email },
      action: 'login',
      target: usable.id,
      detail: { ip: request.ip },
      at,
    });
    setSessionCookie(reply, created.token, policy.sessionMaxMs);
    void reply.header('cache-control', 'no-store');
    return sessionBody(
      services,
      { ...usable, last_login_at: at },
      { csrfToken: created.csrfToken, lastSeenAt: at, expiresAt: created.expiresAt },
      at,
    );
  });

  staffRoute(context, STAFF_ENDPOINTS.logout, async (_input, request, reply) => {
    const actor = actorOf(request);
    const token = request.cookies[STAFF_SESSION_COOKIE];
    if (token) await sessions.end(token);
    await audit.write({ actor, action: 'logout', target: actor.id, at: now() });
    clearSessionCookie(reply);
    return { ok: true as const };
  });

  staffRoute(context, STAFF_ENDPOINTS.me, async (_input, request, reply) => {
    const session = staffOf(request);
    void reply.header('cache-control', 'no-store');
    return sessionBody(services, session.user, session, now());
  });

  staffRoute(context, STAFF_ENDPOINTS.changePassword, async ({ body }, request) => {
    const session = staffOf(request);
    const at = now();
    const key = accountKey(session.user.email);
    const state = (await throttle.get([key])).get(key);
    const wait = waitMs(key, state, policy, at);
    if (wait > 0) throw tooMany(wait);
    if (!(await verifyPassword(session.user.password_hash, body.current_password))) {
      await throttle.attempt(key, at);
      await audit.write({
        actor: actorOf(request),
        action: 'password.change.failed',
        target: session.user.id,
        at,
      });
      throw new ApiError(403, 'The current password is wrong');
    }
    if (body.new_password === body.current_password) {
      throw new ApiError(400, 'The new password must differ from the current one');
    }
    await users.setPassword(session.user.id, await hashPassword(body.new_password), false);
    // Anyone else holding a session of this account (a stolen cookie) is signed out.
    await sessions.endAll(session.user.id, session.tokenHash);
    await audit.write({
      actor: actorOf(request),
      action: 'password.change',
      target: session.user.id,
      at,
    });
    return { ok: true as const };
  });
}
