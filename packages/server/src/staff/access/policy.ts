/** How staff sign-in behaves; settings set it (STAFF_* variables), tests shorten it. */
export interface StaffPolicy {
  /** A session unused this long ends. */
  sessionIdleMs: number;
  /** A session ends this long after sign-in, however active. */
  sessionMaxMs: number;
  /** Failed logins of one account (within `lockMs`) that lock it for `lockMs`. */
  accountMaxFailures: number;
  /** Failed logins from one client IP (within `lockMs`) that lock that IP for `lockMs`. */
  ipMaxFailures: number;
  lockMs: number;
  /** Failures before each further attempt must wait (1 s, 2 s, 4 s, … after the last failure). */
  freeFailures: number;
}

export const DEFAULT_STAFF_POLICY: StaffPolicy = {
  sessionIdleMs: 30 * 60_000,
  sessionMaxMs: 12 * 3_600_000,
  accountMaxFailures: 5,
  ipMaxFailures: 20,
  lockMs: 15 * 60_000,
  freeFailures: 3,
};
