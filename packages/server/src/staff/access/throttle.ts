import { sql } from 'kysely';
import type { Database } from '../../db/open-database.js';
import type { StaffPolicy } from './policy.js';

export interface ThrottleState {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number | null;
}

export const accountKey = (email: string): string => `account:${email}`;
export const ipKey = (ip: string): string => `ip:${ip}`;

/** Failures that lock the key: the account's limit, or the IP's (higher: offices share an IP). */
function maxFailures(key: string, policy: StaffPolicy): number {
  return key.startsWith('ip:') ? policy.ipMaxFailures : policy.accountMaxFailures;
}

/**
 * Milliseconds until the key may try again: 0 when it may now. Locked keys wait for the lock;
 * after `freeFailures` failures each attempt waits 1 s, 2 s, 4 s… after the last failure, so a
 * guesser is slowed long before the lock.
 */
export function waitMs(
  key: string,
  state: ThrottleState | undefined,
  policy: StaffPolicy,
  now: number,
): number {
  if (!state) return 0;
  if (state.lockedUntil !== null && state.lockedUntil > now) return state.lockedUntil - now;
  if (now - state.lastFailureAt > policy.lockMs) return 0;
  // An office shares one IP: its slowing starts later than an account's.
  const free = key.startsWith('ip:') ? Math.floor(policy.ipMaxFailures / 2) : policy.freeFailures;
  const over = state.failures - free;
  if (over < 0 || state.failures >= maxFailures(key, policy)) return 0;
  const delay = Math.min(1000 * 2 ** over, policy.lockMs);
  return Math.max(0, state.lastFailureAt + delay - now);
}

/**
 * Login attempts per account and per IP, in the database so every instance counts the same. An
 * attempt is counted before the password is checked (then given back on success), so parallel
 * guesses cannot all slip in before the first failure is written.
 */
export interface LoginThrottle {
  get(keys: string[]): Promise<Map<string, ThrottleState>>;
  /** Counts an attempt atomically; returns the state after it (locked when it reached the limit). */
  attempt(key: string, now: number): Promise<ThrottleState>;
  /** A successful login gives its attempt back (the IP's count). */
  giveBack(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export function createLoginThrottle(database: Database, policy: StaffPolicy): LoginThrottle {
  const { db } = database;
  const bigint = (value: number) => sql`cast(${value} as bigint)`;
  return {
    async get(keys) {
      const rows = await db
        .selectFrom('staff_login_throttle')
        .selectAll()
        .where('key', 'in', keys)
        .execute();
      return new Map(
        rows.map((row) => [
          row.key,
          {
            failures: Number(row.failures),
            lastFailureAt: Number(row.last_failure_at),
            lockedUntil: row.locked_until === null ? null : Number(row.locked_until),
          },
        ]),
      );
    },

    async attempt(key, now) {
      const max = maxFailures(key, policy);
      // Attempts older than the lock time are forgiven: the count starts from one again.
      const stale = sql`staff_login_throttle.last_failure_at < ${bigint(now - policy.lockMs)}`;
      const next = sql`case when ${stale} then 1 else staff_login_throttle.failures + 1 end`;
      const result = await sql<{
        failures: number;
        last_failure_at: number;
        locked_until: number | null;
      }>`
        insert into staff_login_throttle (key, failures, first_failure_at, last_failure_at, locked_until)
        values (${key}, 1, ${bigint(now)}, ${bigint(now)}, ${max <= 1 ? bigint(now + policy.lockMs) : null})
        on conflict (key) do update set
          failures = ${next},
          first_failure_at = case when ${stale} then ${bigint(now)} else staff_login_throttle.first_failure_at end,
          last_failure_at = ${bigint(now)},
          locked_until = case when ${next} >= ${max} then ${bigint(now + policy.lockMs)} else null end
        returning failures, last_failure_at, locked_until`.execute(db);
      const row = result.rows[0];
      if (!row) throw new Error('login throttle: no row returned');
      return {
        failures: Number(row.failures),
        lastFailureAt: Number(row.last_failure_at),
        lockedUntil: row.locked_until === null ? null : Number(row.locked_until),
      };
    },

    async giveBack(key) {
      await db
        .updateTable('staff_login_throttle')
        .set((eb) => ({ failures: eb('failures', '-', 1), locked_until: null }))
        .where('key', '=', key)
        .where('failures', '>', 0)
        .execute();
    },

    async clear(key) {
      await db.deleteFrom('staff_login_throttle').where('key', '=', key).execute();
    },
  };
}
