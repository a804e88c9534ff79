import type { PublicNotice } from '@supersteward/contract/staff';

/** Clocks within this of the server's are taken as right (its Date header has whole seconds). */
const SKEW_TOLERANCE_MS = 2_000;
/** setTimeout holds at most a signed 32-bit delay. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * How far the server's clock is ahead of this browser's, from the `Date` header of an answer
 * requested at `sentAt` and received at `receivedAt` (browser time). A notice ends at the server's
 * time: a phone whose clock is minutes off still drops it when it ends. 0 when the header is
 * missing (another origin does not expose it) or the clocks agree within the header's precision.
 */
export function clockSkew(dateHeader: string | null, sentAt: number, receivedAt: number): number {
  const server = Date.parse(dateHeader ?? '');
  if (Number.isNaN(server)) return 0;
  // The header truncates to the second: the middle of that second, against the middle of the trip.
  const skew = server + 500 - (sentAt + receivedAt) / 2;
  return Math.abs(skew) > SKEW_TOLERANCE_MS ? Math.round(skew) : 0;
}

/** The notices showing at `serverNow` that the passenger has not dismissed, in the server's order. */
export function showing(
  notices: readonly PublicNotice[],
  serverNow: number,
  dismissed: readonly string[],
): PublicNotice[] {
  return notices.filter(
    (n) =>
      !dismissed.includes(n.id) &&
      Date.parse(n.starts_at) <= serverNow &&
      serverNow < Date.parse(n.ends_at),
  );
}

/** Milliseconds until a notice starts or ends after `serverNow`; null when none will. */
export function nextChangeIn(notices: readonly PublicNotice[], serverNow: number): number | null {
  let next = Infinity;
  for (const n of notices) {
    for (const at of [Date.parse(n.starts_at), Date.parse(n.ends_at)]) {
      if (at > serverNow && at < next) next = at;
    }
  }
  return next === Infinity ? null : Math.min(next - serverNow, MAX_DELAY_MS);
}

/** What GET /api/notices answered, if it is a list of notices with both texts (else nothing). */
export function readNotices(body: unknown): PublicNotice[] {
  if (!Array.isArray(body)) return [];
  return body.filter(
    (n): n is PublicNotice =>
      typeof n === 'object' &&
      n !== null &&
      typeof (n as PublicNotice).id === 'string' &&
      typeof (n as PublicNotice).text?.mne === 'string' &&
      typeof (n as PublicNotice).text?.en === 'string' &&
      typeof (n as PublicNotice).starts_at === 'string' &&
      typeof (n as PublicNotice).ends_at === 'string',
  );
}
