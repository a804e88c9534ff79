import type { Database } from '../db/open-database.js';
import { createLoginThrottle, type LoginThrottle } from './access/throttle.js';
import { DEFAULT_STAFF_POLICY, type StaffPolicy } from './access/policy.js';
import { createStaffSessions, type StaffSessions } from './access/sessions.js';
import { createStaffUsers, type StaffUsers } from './access/staff-users.js';
import { createAuditLog, type AuditLog } from './audit/audit-log.js';
import type { KnowledgeEditor } from './knowledge/editor.js';
import { createNoticeStore, type NoticeStore } from './notices/notice-store.js';
import { titlesFrom, type ArticleTitles } from './knowledge-titles.js';

/** Everything the staff console's routes use, over the product's database. */
export interface StaffServices {
  database: Database;
  policy: StaffPolicy;
  users: StaffUsers;
  sessions: StaffSessions;
  throttle: LoginThrottle;
  audit: AuditLog;
  /** Article titles of the knowledge base passengers are answered from. */
  titles: ArticleTitles;
  /** The knowledge base in the database (editor, history, try it); absent: no editor routes. */
  knowledge: KnowledgeEditor | undefined;
  /** Time-boxed notices to passengers. */
  notices: NoticeStore;
}

export interface StaffServiceOptions {
  policy?: Partial<StaffPolicy> | undefined;
  titles?: ArticleTitles | undefined;
  knowledge?: KnowledgeEditor | undefined;
}

export function createStaffServices(
  database: Database,
  options: StaffServiceOptions = {},
): StaffServices {
  const policy = options.policy ?? {};
  const full = { ...DEFAULT_STAFF_POLICY, ...policy };
  return {
    database,
    policy: full,
    users: createStaffUsers(database),
    sessions: createStaffSessions(database, full),
    throttle: createLoginThrottle(database, full),
    audit: createAuditLog(database),
    titles:
      options.titles ??
      (options.knowledge
        ? titlesFrom(() => options.knowledge?.live.current().engine.kb.articles ?? [])
        : () => undefined),
    knowledge: options.knowledge,
    notices: createNoticeStore(database),
  };
}
