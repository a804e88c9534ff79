import { Type, type Static } from '@sinclair/typebox';
import { STAFF_LIMITS } from './constants.js';

/**
 * Staff roles, each including the one after it: `admin` manages accounts and reads the audit log,
 * `editor` changes the knowledge base and the notices, `viewer` reads.
 */
export const StaffRole = Type.Union([
  Type.Literal('admin'),
  Type.Literal('editor'),
  Type.Literal('viewer'),
]);
export type StaffRole = Static<typeof StaffRole>;
export {
  CSRF_HEADER,
  roleAllows,
  STAFF_LIMITS,
  STAFF_ROLES,
  STAFF_SESSION_COOKIE,
} from './constants.js';

// The numbers as plain constants in the schemas (read once here, not per schema).
const EMAIL_MAX = STAFF_LIMITS.emailMaxLength;
const PASSWORD_MIN = STAFF_LIMITS.passwordMinLength;
const PASSWORD_MAX = STAFF_LIMITS.passwordMaxLength;

export const StaffEmail = Type.String({
  minLength: 3,
  maxLength: EMAIL_MAX,
  pattern: '^[^\\s@]+@[^\\s@]+$',
});

export const StaffPassword = Type.String({
  minLength: PASSWORD_MIN,
  maxLength: PASSWORD_MAX,
});

export const StaffUser = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: StaffRole,
  /** A disabled account cannot log in; its sessions end. */
  disabled: Type.Boolean(),
  /** ISO 8601. */
  created_at: Type.String(),
  last_login_at: Type.Union([Type.String(), Type.Null()]),
  /** Set while the account is locked after repeated failed logins (ISO 8601). */
  locked_until: Type.Union([Type.String(), Type.Null()]),
  /** True until the one-time password was replaced by the user's own. */
  must_change_password: Type.Boolean(),
});
export type StaffUser = Static<typeof StaffUser>;

export const LoginRequest = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: EMAIL_MAX }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
  },
  { additionalProperties: false },
);
export type LoginRequest = Static<typeof LoginRequest>;

/** The signed-in staff member and the CSRF token to send in `x-csrf-token`. */
export const StaffSession = Type.Object({
  user: StaffUser,
  csrf_token: Type.String(),
  /** ISO 8601: the session ends when idle until then (each call moves it). */
  idle_expires_at: Type.String(),
});
export type StaffSession = Static<typeof StaffSession>;

export const ChangePasswordRequest = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
    new_password: StaffPassword,
  },
  { additionalProperties: false },
);
export type ChangePasswordRequest = Static<typeof ChangePasswordRequest>;

export const OkResponse = Type.Object({ ok: Type.Literal(true) });
export type OkResponse = Static<typeof OkResponse>;

export const StaffUserList = Type.Array(StaffUser);
export type StaffUserList = Static<typeof StaffUserList>;

export const CreateStaffUserRequest = Type.Object(
  { email: StaffEmail, role: StaffRole },
  { additionalProperties: false },
);
export type CreateStaffUserRequest = Static<typeof CreateStaffUserRequest>;

/** A new account or a reset password: the one-time password is shown once and never stored. */
export const OneTimePasswordResponse = Type.Object({
  user: StaffUser,
  one_time_password: Type.String(),
});
export type OneTimePasswordResponse = Static<typeof OneTimePasswordResponse>;

export const UpdateStaffUserRequest = Type.Object(
  {
    role: Type.Optional(StaffRole),
    disabled: Type.Optional(Type.Boolean()),
    /** Lifts a lock after failed logins. */
    unlock: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateStaffUserRequest = Static<typeof UpdateStaffUserRequest>;

export const StaffUserParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
});
export type StaffUserParams = Static<typeof StaffUserParams>;

/** One staff action: who did what to what, when. */
export const AuditEntry = Type.Object({
  id: Type.String(),
  /** ISO 8601. */
  at: Type.String(),
  /** Null for actions of the command line (`npm run admin`) or of nobody signed in (failed login). */
  actor_id: Type.Union([Type.String(), Type.Null()]),
  actor_email: Type.Union([Type.String(), Type.Null()]),
  /** e.g. `login`, `login.failed`, `user.create`, `kb.publish`, `kb.publish.override`, `notice.create`. */
  action: Type.String(),
  /** What it acted on (an account id, an article `id/lang`, a version number, a notice id). */
  target: Type.Union([Type.String(), Type.Null()]),
  /** Action-specific facts (changed fields, reason of an override, the client IP). */
  detail: Type.Record(Type.String(), Type.Unknown()),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditQuery = Type.Object(
  {
    /** Only entries older than this entry id's (paging, newest first). */
    before: Type.Optional(Type.String({ maxLength: 64 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    actor_id: Type.Optional(Type.String({ maxLength: 64 })),
    action: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditPage = Type.Object({
  entries: Type.Array(AuditEntry),
  /** Pass as `before` for the next page; null on the last page. */
  next_before: Type.Union([Type.String(), Type.Null()]),
});
export type AuditPage = Static<typeof AuditPage>;
