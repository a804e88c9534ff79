import path from 'node:path';
import { BUNDLED_KNOWLEDGE_DIR } from '../answer/settings.js';
import { optionalSetting, setting, text, wholeNumber } from '../settings/setting.js';
import type { StaffPolicy } from './access/policy.js';

const MINUTE_MS = 60_000;

/** The staff console: sign-in rules, and how the knowledge base it edits reaches every instance. */
export const STAFF_SETTINGS = {
  staffSessionIdleMinutes: setting({
    name: 'STAFF_SESSION_IDLE_MINUTES',
    default: 30,
    parse: wholeNumber(1, 24 * 60),
    meaning: 'a staff session unused this long ends',
  }),
  staffSessionMaxHours: setting({
    name: 'STAFF_SESSION_MAX_HOURS',
    default: 12,
    parse: wholeNumber(1, 24 * 7),
    meaning: 'a staff session ends this long after sign-in, however active',
  }),
  staffLoginMaxFailures: setting({
    name: 'STAFF_LOGIN_MAX_FAILURES',
    default: 5,
    parse: wholeNumber(2, 100),
    meaning: 'failed sign-ins that lock a staff account (a client IP: 4 times as many)',
  }),
  staffLoginLockMinutes: setting({
    name: 'STAFF_LOGIN_LOCK_MINUTES',
    default: 15,
    parse: wholeNumber(1, 24 * 60),
    meaning: 'how long a locked staff account or client IP waits',
  }),
  knowledgePollMs: setting({
    name: 'KNOWLEDGE_POLL_MS',
    default: 2_000,
    parse: wholeNumber(100, 600_000),
    meaning: 'how often an instance looks for a knowledge base published on another one',
  }),
  knowledgeEvalFiles: optionalSetting({
    name: 'KNOWLEDGE_EVAL_FILES',
    shownDefault: "the sample's `eval/dev.jsonl`, `eval/extra.jsonl`",
    parse: text,
    meaning:
      'comma-separated eval files a knowledge-base edit must keep passing (with samples, pins)',
  }),
};

/** The sign-in rules the settings give. */
export function staffPolicy(settings: {
  staffSessionIdleMinutes: number;
  staffSessionMaxHours: number;
  staffLoginMaxFailures: number;
  staffLoginLockMinutes: number;
}): Partial<StaffPolicy> {
  return {
    sessionIdleMs: settings.staffSessionIdleMinutes * MINUTE_MS,
    sessionMaxMs: settings.staffSessionMaxHours * 60 * MINUTE_MS,
    accountMaxFailures: settings.staffLoginMaxFailures,
    ipMaxFailures: settings.staffLoginMaxFailures * 4,
    lockMs: settings.staffLoginLockMinutes * MINUTE_MS,
  };
}

/** The eval files a knowledge-base edit is checked against (KNOWLEDGE_EVAL_FILES). */
export function evalFiles(settings: {
  knowledgeEvalFiles: string | undefined;
  knowledgeDir: string;
}): string[] {
  if (settings.knowledgeEvalFiles !== undefined) {
    return settings.knowledgeEvalFiles
      .split(',')
      .map((file) => file.trim())
      .filter(Boolean);
  }
  if (path.resolve(settings.knowledgeDir) !== path.resolve(BUNDLED_KNOWLEDGE_DIR)) return [];
  const evalDir = path.join(BUNDLED_KNOWLEDGE_DIR, '..', 'eval');
  return [path.join(evalDir, 'dev.jsonl'), path.join(evalDir, 'extra.jsonl')];
}
