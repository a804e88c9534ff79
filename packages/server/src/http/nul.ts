import { ApiError } from './api-error.js';

/**
 * PostgreSQL cannot store NUL (U+0000) in text, SQLite can: refusing it up front keeps both
 * stores alike, and the refusal comes before the captcha and the daily limit, so it spends nothing.
 */
export function refuseNul(field: string, value: string | undefined): void {
  if (value?.includes('\u0000'))
    throw new ApiError(400, `${field} must not contain NUL characters`);
}
