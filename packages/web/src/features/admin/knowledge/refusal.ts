import type { CheckReport } from '@supersteward/contract/staff';
import { ApiError } from '../../../api/client';

/** The check report of a publish or restore refused with 409, or null for any other error. */
export function refusedCheck(error: unknown): CheckReport | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { check?: CheckReport } | null;
  return body && typeof body === 'object' && body.check ? body.check : null;
}
