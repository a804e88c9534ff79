/*
 * The staff contract's plain values (roles, header names, bounds): no schema library here, so the
 * console in the browser can use them without TypeBox (see ../browser.ts). The schemas in
 * access.ts, knowledge.ts and notices.ts are built from these numbers.
 */
import type { StaffRole } from './access.js';

export const STAFF_ROLES = ['admin', 'editor', 'viewer'] as const satisfies readonly StaffRole[];

/** True when `role` may do what `needed` may. */
export function roleAllows(role: StaffRole, needed: StaffRole): boolean {
  return STAFF_ROLES.indexOf(role) <= STAFF_ROLES.indexOf(needed);
}

/** The staff session cookie (HttpOnly; Secure; SameSite=Strict; the browser sends it by itself). */
export const STAFF_SESSION_COOKIE = 'ss_staff';
/** Header every state-changing staff call carries: the `csrf_token` of the session. */
export const CSRF_HEADER = 'x-csrf-token';

export const STAFF_LIMITS = {
  emailMaxLength: 254,
  passwordMinLength: 12,
  passwordMaxLength: 256,
} as const;

export const KB_LIMITS = {
  markdownMaxLength: 60_000,
  changesMax: 40,
  summaryMaxLength: 300,
  /** An admin's written reason to publish despite broken answers. */
  overrideReasonMinLength: 10,
  overrideReasonMaxLength: 1000,
} as const;

export const NOTICE_LIMITS = { textMaxLength: 500, topicsMax: 20 } as const;
