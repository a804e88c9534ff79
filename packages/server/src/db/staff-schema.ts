import type { Generated } from 'kysely';

/** Epoch milliseconds, as everywhere in the schema. */
type EpochMs = number;
/** 0 or 1: one type both dialects store and compare alike. */
type Flag = number;

/** A staff member of the airline (console at /admin). */
export interface StaffUsersTable {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  role: 'admin' | 'editor' | 'viewer';
  /** argon2id PHC string. */
  password_hash: string;
  /** 1 while the password is a one-time password the account must replace. */
  must_change_password: Flag;
  disabled: Flag;
  created_at: EpochMs;
  last_login_at: EpochMs | null;
}

/** A signed-in staff session: any instance serves it. */
export interface StaffSessionsTable {
  /** SHA-256 of the cookie's token: a leaked table gives no usable cookie. */
  token_hash: string;
  user_id: string;
  /** Sent back in `x-csrf-token` on every state-changing call. */
  csrf_token: string;
  created_at: EpochMs;
  last_seen_at: EpochMs;
  /** Hard end, however active the session is. */
  expires_at: EpochMs;
  ip: string | null;
}

/** Failed logins per account (`account:<email>`) and per client IP (`ip:<address>`). */
export interface StaffLoginThrottleTable {
  key: string;
  failures: number;
  first_failure_at: EpochMs;
  last_failure_at: EpochMs;
  locked_until: EpochMs | null;
}

/** Every staff action: who, what, when. */
export interface StaffAuditTable {
  seq: Generated<number>;
  at: EpochMs;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target: string | null;
  /** JSON object. */
  detail: string;
}

/** One published version of the knowledge base (0: seeded from KNOWLEDGE_DIR files). */
export interface KnowledgeVersionsTable {
  version: number;
  published_at: EpochMs;
  published_by: string | null;
  summary: string;
  override_reason: string | null;
  restored_from: number | null;
  /** JSON `{total, passed_before, passed_after, broken}`, null when not checked (seed). */
  check_summary: string | null;
  /** JSON VersionFile[]. */
  files: string;
}

/**
 * The files of every version, stored when they change: the knowledge base at version V is, per
 * path, the row with the greatest version ≤ V whose content is not null.
 */
export interface KnowledgeFilesTable {
  /** Relative to KNOWLEDGE_DIR: `mne/<id>.md`, `en/_lexicon.yaml`. */
  path: string;
  version: number;
  /** The whole file; null: removed in this version. */
  content: string | null;
}

/** Questions a staff member marked "must stay right". */
export interface RegressionPinsTable {
  id: string;
  question: string;
  language: 'mne' | 'en';
  /** JSON string[] of eval expectations. */
  expect: string;
  article_id: string | null;
  note: string | null;
  pinned_by: string | null;
  pinned_at: EpochMs;
}

/** Time-boxed notices to passengers. */
export interface NoticesTable {
  id: string;
  text_mne: string;
  text_en: string;
  /** JSON string[] of article ids. */
  topics: string;
  starts_at: EpochMs;
  ends_at: EpochMs;
  created_at: EpochMs;
  created_by: string | null;
  updated_at: EpochMs;
}

export interface StaffSchema {
  staff_users: StaffUsersTable;
  staff_sessions: StaffSessionsTable;
  staff_login_throttle: StaffLoginThrottleTable;
  staff_audit: StaffAuditTable;
  knowledge_versions: KnowledgeVersionsTable;
  knowledge_files: KnowledgeFilesTable;
  regression_pins: RegressionPinsTable;
  notices: NoticesTable;
}
