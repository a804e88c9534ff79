import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/open-database.js';
import type { StaffPolicy } from './policy.js';
import type { StaffUserRow } from './staff-users.js';

/** 32 random bytes, base64url: the cookie's token and the CSRF token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Sessions are looked up by the token's SHA-256: the table alone never grants a session. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface LiveSession {
  tokenHash: string;
  csrfToken: string;
  lastSeenAt: number;
  expiresAt: number;
  user: StaffUserRow;
}

export interface StaffSessions {
  /** Creates a session; returns the token to put in the cookie. */
  create(input: { userId: string; ip: string | null; now: number }): Promise<{
    token: string;
    csrfToken: string;
    expiresAt: number;
  }>;
  /** The live session of a token, or undefined (unknown, idle too long, past its end, account disabled). */
  find(token: string, now: number): Promise<LiveSession | undefined>;
  touch(hash: string, now: number): Promise<void>;
  end(token: string): Promise<void>;
  /** Ends every session of an account except the one with `keepHash`. */
  endAll(userId: string, keepHash?: string): Promise<void>;
}

/** How long after the last use an idle session ends. */
export function idleEnd(
  session: { lastSeenAt: number; expiresAt: number },
  policy: StaffPolicy,
): number {
  return Math.min(session.lastSeenAt + policy.sessionIdleMs, session.expiresAt);
}

export function createStaffSessions(database: Database, policy: StaffPolicy): StaffSessions {
  const { db } = database;
  return {
    async create({ userId, ip, now }) {
      const token = newToken();
      const csrfToken = newToken();
      const expiresAt = now + policy.sessionMaxMs;
      await db
        .insertInto('staff_sessions')
        .values({
          token_hash: tokenHash(token),
          user_id: userId,
          csrf_token: csrfToken,
          created_at: now,
          last_seen_at: now,
          expires_at: expiresAt,
          ip,
        })
        .execute();
      // Sessions that ended long ago are swept on sign-in, so the table stays small.
      await db
        .deleteFrom('staff_sessions')
        .where((eb) =>
          eb.or([eb('expires_at', '<', now), eb('last_seen_at', '<', now - policy.sessionIdleMs)]),
        )
        .execute();
      return { token, csrfToken, expiresAt };
    },

    async find(token, now) {
      const hash = tokenHash(token);
      const row = await db
        .selectFrom('staff_sessions as s')
        .innerJoin('staff_users as u', 'u.id', 's.user_id')
        .select([
          's.csrf_token',
          's.last_seen_at',
          's.expires_at',
          'u.id',
          'u.email',
          'u.role',
          'u.password_hash',
          'u.must_change_password',
          'u.disabled',
          'u.created_at',
          'u.last_login_at',
        ])
        .where('s.token_hash', '=', hash)
        .executeTakeFirst();
      if (!row) return undefined;
      const session = {
        tokenHash: hash,
        csrfToken: row.csrf_token,
        lastSeenAt: Number(row.last_seen_at),
        expiresAt: Number(row.expires_at),
      };
      if (idleEnd(session, policy) <= now || Number(row.disabled) === 1) {
        await db.deleteFrom('staff_sessions').where('token_hash', '=', hash).execute();
        return undefined;
      }
      return {
        ...session,
        user: {
          id: row.id,
          email: row.email,
          role: row.role,
          password_hash: row.password_hash,
          must_change_password: row.must_change_password,
          disabled: row.disabled,
          created_at: row.created_at,
          last_login_at: row.last_login_at,
        },
      };
    },

    async touch(hash, now) {
      await db
        .updateTable('staff_sessions')
        .set({ last_seen_at: now })
        .where('token_hash', '=', hash)
        .execute();
    },

    async end(token) {
      await db.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash(token)).execute();
    },

    async endAll(userId, keepHash) {
      let query = db.deleteFrom('staff_sessions').where('user_id', '=', userId);
      if (keepHash) query = query.where('token_hash', '!=', keepHash);
      await query.execute();
    },
  };
}
