import { randomUUID } from 'node:crypto';
import type { StaffRole, StaffUser } from '@supersteward/contract';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/open-database.js';
import type { StaffUsersTable } from '../../db/staff-schema.js';

export type StaffUserRow = Selectable<StaffUsersTable>;

const iso = (ms: number | null): string | null =>
  ms === null ? null : new Date(Number(ms)).toISOString();

/** The account as the API shows it (never the hash); `lockedUntil` comes from the login throttle. */
export function toStaffUser(row: StaffUserRow, lockedUntil: number | null): StaffUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    disabled: Number(row.disabled) === 1,
    created_at: new Date(Number(row.created_at)).toISOString(),
    last_login_at: iso(row.last_login_at),
    locked_until: iso(lockedUntil),
    must_change_password: Number(row.must_change_password) === 1,
  };
}

/** E-mail addresses compare case-insensitively and without surrounding blanks. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface StaffUsers {
  /** Undefined when the e-mail is taken. */
  create(input: {
    email: string;
    role: StaffRole;
    passwordHash: string;
    mustChangePassword: boolean;
    now: number;
  }): Promise<StaffUserRow | undefined>;
  byEmail(email: string): Promise<StaffUserRow | undefined>;
  byId(id: string): Promise<StaffUserRow | undefined>;
  list(): Promise<StaffUserRow[]>;
  update(
    id: string,
    changes: { role?: StaffRole; disabled?: boolean },
  ): Promise<StaffUserRow | undefined>;
  setPassword(id: string, passwordHash: string, mustChangePassword: boolean): Promise<void>;
  touchLogin(id: string, now: number): Promise<void>;
  /** Enabled admins other than `exceptId`. */
  otherActiveAdmins(exceptId: string): Promise<number>;
}

export function createStaffUsers(database: Database): StaffUsers {
  const { db } = database;
  const byId = (id: string) =>
    db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();
  return {
    async create({ email, role, passwordHash, mustChangePassword, now }) {
      const row: StaffUserRow = {
        id: randomUUID(),
        email: normalizeEmail(email),
        role,
        password_hash: passwordHash,
        must_change_password: mustChangePassword ? 1 : 0,
        disabled: 0,
        created_at: now,
        last_login_at: null,
      };
      const inserted = await db
        .insertInto('staff_users')
        .values(row)
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted ? row : undefined;
    },
    byEmail: (email) =>
      db
        .selectFrom('staff_users')
        .selectAll()
        .where('email', '=', normalizeEmail(email))
        .executeTakeFirst(),
    byId,
    list: () => db.selectFrom('staff_users').selectAll().orderBy('email').execute(),
    async update(id, changes) {
      const set: Partial<StaffUserRow> = {};
      if (changes.role !== undefined) set.role = changes.role;
      if (changes.disabled !== undefined) set.disabled = changes.disabled ? 1 : 0;
      if (Object.keys(set).length > 0)
        await db.updateTable('staff_users').set(set).where('id', '=', id).execute();
      return byId(id);
    },
    async setPassword(id, passwordHash, mustChangePassword) {
      await db
        .updateTable('staff_users')
        .set({ password_hash: passwordHash, must_change_password: mustChangePassword ? 1 : 0 })
        .where('id', '=', id)
        .execute();
    },
    async touchLogin(id, now) {
      await db
        .updateTable('staff_users')
        .set({ last_login_at: now })
        .where('id', '=', id)
        .execute();
    },
    async otherActiveAdmins(exceptId) {
      const row = await db
        .selectFrom('staff_users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'admin')
        .where('disabled', '=', 0)
        .where('id', '!=', exceptId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
