import type { StoreTransaction } from '../store/store.js';

/** The outcome of taking one unit of a daily limit. */
export interface QuotaResult {
  allowed: boolean;
  /** Units used today after this call (never above the limit). */
  used: number;
  limit: number;
  /** Next midnight in Europe/Podgorica, ISO 8601. */
  resetAt: string;
}

/**
 * Daily counters (per visitor, per client IP), reset at midnight Europe/Podgorica. `take` is
 * atomic: concurrent calls can never push a counter past its limit.
 */
export interface Quota {
  take(key: string, limit: number, now?: Date): Promise<QuotaResult>;
  /** Gives back one unit taken today (the question it was taken for was refused after all). */
  give(key: string, now?: Date): Promise<void>;
  /** Raises today's counter to at least `used` (never lowers it); returns the counter after. */
  atLeast(key: string, used: number, now?: Date): Promise<number>;
  /**
   * Only when the counters are in the store's database (the SQL quota): `take` on a transaction
   * of that database (Store.addQuestion's `first`), so the units commit with the question or
   * roll back with it, with no commit of their own and nothing to give back.
   */
  within?(transaction: StoreTransaction): Pick<Quota, 'take'>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
