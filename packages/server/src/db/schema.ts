import type { Generated } from 'kysely';
import type { StaffSchema } from './staff-schema.js';

/** Epoch milliseconds everywhere: one integer type both dialects compare and sort alike. */
type EpochMs = number;

export interface UsersTable {
  id: string;
  created_at: EpochMs;
  language: string | null;
}

export interface ThreadsTable {
  id: string;
  user_id: string;
  name: string;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface MessagesTable {
  /** Insertion order: keeps two messages written in the same millisecond in order. */
  seq: Generated<number>;
  id: string;
  thread_id: string;
  role: 'user' | 'assistant';
  content: string;
  created_at: EpochMs;
  sentiment: 'positive' | 'negative' | null;
  /** JSON array of sources, null when the message has none. */
  sources: string | null;
  status: 'complete' | 'streaming' | 'interrupted' | 'failed';
  /**
   * JSON AnswerTrace of an assistant answer (how the engine reached it: decision, language,
   * script, candidate sections, chosen sentences), for staff review; null for questions, for
   * answers stored before the column existed and for failed answers.
   */
  trace: string | null;
  /** Question to finished answer, for assistant messages finished since it was recorded. */
  latency_ms: number | null;
}

/** Every feedback a visitor gave, kept as a log; the message holds the current sentiment. */
export interface FeedbackTable {
  id: string;
  message_id: string;
  user_id: string;
  sentiment: 'positive' | 'negative' | null;
  comment: string | null;
  created_at: EpochMs;
}

export interface QuotaCountersTable {
  key: string;
  /** Calendar day in Europe/Podgorica, YYYY-MM-DD. */
  day: string;
  count: number;
}

export interface Schema extends StaffSchema {
  users: UsersTable;
  threads: ThreadsTable;
  messages: MessagesTable;
  feedback: FeedbackTable;
  quota_counters: QuotaCountersTable;
}
