import type { Quota } from '../quota/quota.js';
import { ApiError } from './api-error.js';

/**
 * Takes one unit of a daily counter, or refuses with 429 `{status_code, detail, limit, reset_at}`
 * and Retry-After (seconds until midnight Europe/Podgorica).
 */
export async function takeDaily(
  quota: Quota,
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
