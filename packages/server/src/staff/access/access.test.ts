import {
  fillPath,
  STAFF_ENDPOINTS,
  type AuditPage,
  type OneTimePasswordResponse,
  type StaffSession,
  type StaffUser,
} from '@supersteward/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabase } from '../../store/test/databases.js';
import { startTestApp, type TestApp } from '../../test/start-app.js';
import { makeAccount, TEST_PASSWORD } from '../test/accounts.js';
import { sessionCookie, staffClient } from '../test/staff-client.js';
import { DEFAULT_STAFF_POLICY } from './policy.js';

const SAMPLE_PARAMS = { id: 'x', version: 1 };

describe.each(testDatabases())('staff access on $name', (kind) => {
  let database: TestDatabase;
  let running: TestApp;
  let clock = Date.now();
  let adminId: string;

  beforeAll(async () => {
    database = await kind.open();
    running = await startTestApp({ database, now: () => new Date(clock) });
    adminId = await makeAccount(database, 'admin@airline.example', 'admin');
    await makeAccount(database, 'editor@airline.example', 'editor');
    await makeAccount(database, 'viewer@airline.example', 'viewer');
  });
  afterAll(async () => {
    await running.close();
    await database.cleanup();
  });
  beforeEach(async () => {
    // Each test starts with no failed logins counted and a clock past any earlier lock.
    clock += DEFAULT_STAFF_POLICY.lockMs + 1;
    await database.db.deleteFrom('staff_login_throttle').execute();
  });

  const client = () => staffClient(running.url);
  const signedIn = async (email: string) => {
    const staff = client();
    const sent = await staff.login(email, TEST_PASSWORD);
    expect(sent.status).toBe(200);
    return staff;
  };

  it('gives no staff data and changes nothing without a session', async () => {
    const staff = client();
    for (const endpoint of Object.values(STAFF_ENDPOINTS)) {
      if (endpoint.role === null) continue;
      if (!running.app.hasRoute({ method: endpoint.method, url: endpoint.path })) continue;
      const sent = await staff.call(endpoint, {
        params: SAMPLE_PARAMS,
        ...(endpoint.method !== 'GET' && { json: {} }),
      });
      expect(sent.status, `${endpoint.method} ${endpoint.path}`).toBe(401);
      expect(Object.keys(sent.body as object).sort()).toEqual(['detail', 'status_code']);
    }
  });

  it('a passenger uuid grants nothing, as a header or as the cookie', async () => {
    const visitor = await running.app
      .inject({ method: 'POST', url: '/user/create_uuid' })
      .then((r) => r.json<{ id: string }>().id);
    const staff = client();
    for (const options of [{ headers: { uuid: visitor } }, { cookie: visitor }]) {
      const me = await staff.call(STAFF_ENDPOINTS.me, options);
      expect(me.status).toBe(401);
      const users = await staff.call(STAFF_ENDPOINTS.listUsers, options);
      expect(users.status).toBe(401);
    }
  });

  it('signs in with a HttpOnly, Secure, SameSite=Strict cookie and a CSRF token', async () => {
    const staff = client();
    const sent = await staff.login('Admin@Airline.example ', TEST_PASSWORD);
    expect(sent.status).toBe(200);
    const body = sent.body as StaffSession;
    expect(body.user).toMatchObject({ email: 'admin@airline.example', role: 'admin' });
    expect(body.csrf_token).toMatch(/^[\w-]{40,}$/);
    const cookie = sessionCookie(sent.headers);
    expect(cookie?.attributes).toMatch(/HttpOnly/i);
    expect(cookie?.attributes).toMatch(/Secure/i);
    expect(cookie?.attributes).toMatch(/SameSite=Strict/i);
    expect(cookie?.attributes).toMatch(/Path=\/api\/staff/i);
    expect(sent.headers.get('cache-control')).toBe('no-store');
    // Only the token's hash is stored.
    const stored = await database.db.selectFrom('staff_sessions').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(cookie?.value);

    const me = await staff.call(STAFF_ENDPOINTS.me);
    expect(me.status).toBe(200);
    expect((me.body as StaffSession).user.id).toBe(adminId);
    expect((me.body as StaffSession).csrf_token).toBe(body.csrf_token);
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const wrong = await client().login('admin@airline.example', 'not the password');
    const unknown = await client().login('nobody@airline.example', 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(sessionCookie(wrong.headers)).toBeUndefined();
  });

  it('rotates the session at login: the old cookie and CSRF token stop working', async () => {
    const staff = await signedIn('editor@airline.example');
    const first = { ...staff.state };
    const again = await staff.login('editor@airline.example', TEST_PASSWORD);
    expect(again.status).toBe(200);
    expect(staff.state.cookie).not.toBe(first.cookie);
    expect(staff.state.csrf).not.toBe(first.csrf);
    expect((await staff.call(STAFF_ENDPOINTS.me, { cookie: first.cookie })).status).toBe(401);
    expect((await staff.call(STAFF_ENDPOINTS.logout, { csrf: first.csrf ?? null })).status).toBe(
      403,
    );
  });

  it('refuses state-changing calls without the right CSRF token or from another origin', async () => {
    const staff = await signedIn('admin@airline.example');
    const json = { email: 'csrf@airline.example', role: 'viewer' };
    expect((await staff.call(STAFF_ENDPOINTS.createUser, { json, csrf: null })).status).toBe(403);
    expect(
      (await staff.call(STAFF_ENDPOINTS.createUser, { json, csrf: 'x'.repeat(43) })).status,
    ).toBe(403);
    const foreign = await staff.call(STAFF_ENDPOINTS.createUser, {
      json,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const users = await staff.call(STAFF_ENDPOINTS.listUsers);
    expect((users.body as StaffUser[]).map((u) => u.email)).not.toContain('csrf@airline.example');
    const own = await staff.call(STAFF_ENDPOINTS.createUser, {
      json,
      headers: { origin: running.url },
    });
    expect(own.status).toBe(200);
  });

  it("one account's cookie cannot act for another", async () => {
    const admin = await signedIn('admin@airline.example');
    const viewer = await signedIn('viewer@airline.example');
    // The viewer's cookie with the admin's CSRF token: not the viewer's session's token.
    const mixed = await viewer.call(STAFF_ENDPOINTS.createUser, {
      json: { email: 'mixed@airline.example', role: 'admin' },
      csrf: admin.state.csrf ?? null,
    });
    expect(mixed.status).toBe(403);
    // The viewer's cookie is the viewer, whatever else the request says.
    const me = await viewer.call(STAFF_ENDPOINTS.me, { headers: { 'x-staff-user': adminId } });
    expect((me.body as StaffSession).user.email).toBe('viewer@airline.example');
    const resets = await viewer.call(STAFF_ENDPOINTS.resetPassword, { params: { id: adminId } });
    expect(resets.status).toBe(403);
  });

  it('a viewer reads but cannot change; an editor cannot manage accounts', async () => {
    const viewer = await signedIn('viewer@airline.example');
    expect((await viewer.call(STAFF_ENDPOINTS.me)).status).toBe(200);
    for (const staff of [viewer, await signedIn('editor@airline.example')]) {
      const created = await staff.call(STAFF_ENDPOINTS.createUser, {
        json: { email: 'sneaky@airline.example', role: 'admin' },
      });
      expect(created.status).toBe(403);
      expect((await staff.call(STAFF_ENDPOINTS.listUsers)).status).toBe(403);
      expect((await staff.call(STAFF_ENDPOINTS.audit)).status).toBe(403);
    }
  });

  it('slows, then locks an account after repeated failures; an admin unlocks it', async () => {
    const email = 'target@airline.example';
    const targetId = await makeAccount(database, email, 'viewer');
    const guesser = client();
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1) codes.push((await guesser.login(email, `guess ${i}`)).status);
    expect(codes).toEqual([401, 401, 401]);
    // Slowed: the next try at once is refused without checking the password.
    const slowed = await guesser.login(email, TEST_PASSWORD);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    clock += 1_100;
    expect((await guesser.login(email, 'guess 3')).status).toBe(401);
    clock += 2_100;
    expect((await guesser.login(email, 'guess 4')).status).toBe(401);
    // Locked: even the right password is refused until the lock ends.
    clock += 10_000;
    const locked = await guesser.login(email, TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);

    const admin = await signedIn('admin@airline.example');
    const listed = (await admin.call(STAFF_ENDPOINTS.listUsers)).body as StaffUser[];
    expect(listed.find((u) => u.id === targetId)?.locked_until).not.toBeNull();
    const audit = (await admin.call(STAFF_ENDPOINTS.audit, { query: { action: 'login.locked' } }))
      .body as AuditPage;
    expect(audit.entries.some((e) => e.target === email)).toBe(true);

    const unlocked = await admin.call(STAFF_ENDPOINTS.updateUser, {
      params: { id: targetId },
      json: { unlock: true },
    });
    expect(unlocked.status).toBe(200);
    expect((unlocked.body as StaffUser).locked_until).toBeNull();
    expect((await client().login(email, TEST_PASSWORD)).status).toBe(200);
  });

  it('counts parallel guesses: a burst cannot try more passwords than the limit', async () => {
    const email = 'burst@airline.example';
    await makeAccount(database, email, 'viewer');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => client().login(email, `parallel guess ${i}`)),
    );
    const tried = results.filter((r) => r.status === 401).length;
    expect(tried).toBeLessThanOrEqual(DEFAULT_STAFF_POLICY.accountMaxFailures);
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect((await client().login(email, TEST_PASSWORD)).status).toBe(429);
  });

  it('slows and locks a client IP guessing across many accounts', async () => {
    const guesser = client();
    let slowed = 0;
    let tried = 0;
    for (let i = 0; tried < DEFAULT_STAFF_POLICY.ipMaxFailures; i += 1) {
      const sent = await guesser.login(`spray${i}@airline.example`, 'Password123!');
      if (sent.status === 429) {
        slowed += 1;
        clock += Number(sent.headers.get('retry-after')) * 1000;
      } else {
        expect(sent.status).toBe(401);
        tried += 1;
      }
    }
    expect(slowed).toBeGreaterThan(0);
    const blocked = await guesser.login('admin@airline.example', TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(60);
  });

  it('ends an idle session, and one past its end however active', async () => {
    const staff = await signedIn('viewer@airline.example');
    clock += DEFAULT_STAFF_POLICY.sessionIdleMs - 60_000;
    expect((await staff.call(STAFF_ENDPOINTS.me)).status).toBe(200);
    clock += DEFAULT_STAFF_POLICY.sessionIdleMs - 60_000;
    expect((await staff.call(STAFF_ENDPOINTS.me)).status).toBe(200);
    clock += DEFAULT_STAFF_POLICY.sessionIdleMs + 1;
    expect((await staff.call(STAFF_ENDPOINTS.me)).status).toBe(401);

    const busy = await signedIn('viewer@airline.example');
    for (
      let t = 0;
      t <= DEFAULT_STAFF_POLICY.sessionMaxMs;
      t += DEFAULT_STAFF_POLICY.sessionIdleMs / 2
    ) {
      clock += DEFAULT_STAFF_POLICY.sessionIdleMs / 2;
      await busy.call(STAFF_ENDPOINTS.me);
    }
    expect((await busy.call(STAFF_ENDPOINTS.me)).status).toBe(401);
  });

  it('a one-time password opens nothing but replacing it; replacing it signs other sessions out', async () => {
    const admin = await signedIn('admin@airline.example');
    const created = await admin.call(STAFF_ENDPOINTS.createUser, {
      json: { email: 'new.admin@airline.example', role: 'admin' },
    });
    expect(created.status).toBe(200);
    const { user, one_time_password } = created.body as OneTimePasswordResponse;
    expect(user.must_change_password).toBe(true);
    expect(one_time_password).toMatch(/^(\w{5}-){3}\w{5}$/);

    const first = client();
    expect((await first.login(user.email, one_time_password)).status).toBe(200);
    const second = client();
    expect((await second.login(user.email, one_time_password)).status).toBe(200);
    expect((await first.call(STAFF_ENDPOINTS.listUsers)).status).toBe(403);
    expect(
      (
        await first.call(STAFF_ENDPOINTS.changePassword, {
          json: { current_password: 'wrong', new_password: 'a brand new password' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await first.call(STAFF_ENDPOINTS.changePassword, {
          json: { current_password: one_time_password, new_password: 'short' },
        })
      ).status,
    ).toBe(400);
    const changed = await first.call(STAFF_ENDPOINTS.changePassword, {
      json: { current_password: one_time_password, new_password: 'a brand new password' },
    });
    expect(changed.status).toBe(200);
    expect(
      ((await first.call(STAFF_ENDPOINTS.me)).body as StaffSession).user.must_change_password,
    ).toBe(false);
    expect((await second.call(STAFF_ENDPOINTS.me)).status).toBe(401);
    expect((await client().login(user.email, one_time_password)).status).toBe(401);
    expect((await client().login(user.email, 'a brand new password')).status).toBe(200);
  });

  it('disabling an account or changing its role ends its sessions; the last admin stays', async () => {
    const admin = await signedIn('admin@airline.example');
    const created = (
      await admin.call(STAFF_ENDPOINTS.createUser, {
        json: { email: 'leaver@airline.example', role: 'viewer' },
      })
    ).body as OneTimePasswordResponse;
    const leaver = client();
    expect((await leaver.login(created.user.email, created.one_time_password)).status).toBe(200);
    const disabled = await admin.call(STAFF_ENDPOINTS.updateUser, {
      params: { id: created.user.id },
      json: { disabled: true },
    });
    expect((disabled.body as StaffUser).disabled).toBe(true);
    expect((await leaver.call(STAFF_ENDPOINTS.me)).status).toBe(401);
    expect((await client().login(created.user.email, created.one_time_password)).status).toBe(401);

    await database.db
      .updateTable('staff_users')
      .set({ disabled: 1 })
      .where('role', '=', 'admin')
      .where('id', '!=', adminId)
      .execute();
    const demote = await admin.call(STAFF_ENDPOINTS.updateUser, {
      params: { id: adminId },
      json: { role: 'viewer' },
    });
    expect(demote.status).toBe(409);
    const missing = await admin.call(STAFF_ENDPOINTS.updateUser, {
      params: { id: 'no-such-id' },
      json: { role: 'viewer' },
    });
    expect(missing.status).toBe(404);
    const bad = await admin.call(STAFF_ENDPOINTS.updateUser, { params: { id: adminId }, json: {} });
    expect(bad.status).toBe(400);
  });

  it('writes every staff action to the audit log, newest first, paged', async () => {
    const admin = await signedIn('admin@airline.example');
    await client().login('admin@airline.example', 'wrong password');
    const created = await admin.call(STAFF_ENDPOINTS.createUser, {
      json: { email: 'audited@airline.example', role: 'viewer' },
    });
    const { user } = created.body as OneTimePasswordResponse;
    await admin.call(STAFF_ENDPOINTS.resetPassword, { params: { id: user.id } });
    const page = (await admin.call(STAFF_ENDPOINTS.audit, { query: { limit: 3 } }))
      .body as AuditPage;
    expect(page.entries.map((e) => e.action)).toEqual([
      'user.reset_password',
      'user.create',
      'login.failed',
    ]);
    expect(page.entries[0]).toMatchObject({
      actor_id: adminId,
      actor_email: 'admin@airline.example',
      target: user.id,
    });
    expect(page.entries[1]?.detail).toMatchObject({
      email: 'audited@airline.example',
      role: 'viewer',
    });
    expect(JSON.stringify(page)).not.toContain('one_time_password');
    expect(page.next_before).not.toBeNull();
    const next = (
      await admin.call(STAFF_ENDPOINTS.audit, {
        query: { limit: 3, before: page.next_before ?? '' },
      })
    ).body as AuditPage;
    expect(next.entries[0]?.action).toBe('login');
    expect((await admin.call(STAFF_ENDPOINTS.audit, { query: { limit: 0 } })).status).toBe(400);
  });

  it('signs out: the cookie is cleared and the session ends', async () => {
    const staff = await signedIn('viewer@airline.example');
    const cookie = staff.state.cookie;
    const out = await staff.call(STAFF_ENDPOINTS.logout);
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/Expires=Thu, 01 Jan 1970/i);
    expect((await staff.call(STAFF_ENDPOINTS.me, { cookie: cookie ?? null })).status).toBe(401);
  });

  it('documents the staff endpoints in /docs', async () => {
    const spec = await running.app
      .inject({ url: '/docs/json' })
      .then((r) => r.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>());
    for (const endpoint of Object.values(STAFF_ENDPOINTS)) {
      if (!running.app.hasRoute({ method: endpoint.method, url: endpoint.path })) continue;
      const path = fillPath(endpoint.path, { id: '{id}', version: '{version}' }).replace(
        /%7B|%7D/g,
        (m) => (m === '%7B' ? '{' : '}'),
      );
      const operation = spec.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation?.tags, `${endpoint.method} ${path}`).toContain('staff');
    }
  });
});
