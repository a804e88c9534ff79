import type { Quota } from '../quota/quota.js';
import { ApiError } from './api-error.js';

/**
 * Takes one unit of a daily counter, or refuses with 429 `{status_code, detail, limit, reset_at}`
 * and Retry-After (seconds until midnight Europe/Podgorica). A refused take spends nothing; see
 * `takeDailyAll` to take several or none.
 */
export async function takeDaily(
  quota: Pick<Quota, 'take'>,
  input: {
    key: string;
    limit: number;
    now: Date;
    detail: (limit: number, resetAt: string) => string;
  },
): Promise<void> {
  const result = await quota.take(input.key, input.limit, input.now);
  if (result.allowed) return;
  const seconds = Math.max(1, Math.ceil((Date.parse(result.resetAt) - input.now.getTime()) / 1000));
  throw new ApiError(
    429,
    input.detail(result.limit, result.resetAt),
    { limit: result.limit, reset_at: result.resetAt },
    { 'retry-after': String(seconds) },
  );
}

export type DailyTake = Parameters<typeof takeDaily>[1];

/**
 * Takes one unit of each counter in order, or none: when one refuses (or fails), the units
 * already taken are given back before the refusal is thrown. Returns how to give them all back,
 * for a request refused later on (its question was not stored).
 */
export async function takeDailyAll(quota: Quota, takes: DailyTake[]): Promise<() => Promise<void>> {
  const taken: DailyTake[] = [];
  const giveBack = async (): Promise<void> => {
    for (const take of taken.splice(0)) await quota.give(take.key, take.now);
  };
  try {
    for (const take of takes) {
      await takeDaily(quota, take);
      taken.push(take);
    }
  } catch (error) {
    await giveBack();
    throw error;
  }
  return giveBack;
}
