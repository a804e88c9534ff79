import { describe, expect, it } from 'vitest';
import { clockSkew, nextChangeIn, readNotices, showing } from './noticeTimes';

const at = (iso: string) => Date.parse(iso);
const notice = (id: string, starts: string, ends: string) => ({
  id,
  text: { mne: `mne ${id}`, en: `en ${id}` },
  starts_at: starts,
  ends_at: ends,
});
const strike = notice('strike', '2026-11-23T08:00:00.000Z', '2026-11-23T12:00:00.000Z');
const fog = notice('fog', '2026-11-23T11:00:00.000Z', '2026-11-23T11:30:00.000Z');

describe('notice times', () => {
  it('shows a notice from its start until (not at) its end, unless dismissed', () => {
    expect(showing([strike, fog], at('2026-11-23T07:59:59.999Z'), [])).toEqual([]);
    expect(showing([strike, fog], at('2026-11-23T08:00:00.000Z'), [])).toEqual([strike]);
    expect(showing([strike, fog], at('2026-11-23T11:10:00.000Z'), [])).toEqual([strike, fog]);
    expect(showing([strike, fog], at('2026-11-23T11:10:00.000Z'), ['strike'])).toEqual([fog]);
    expect(showing([strike, fog], at('2026-11-23T12:00:00.000Z'), [])).toEqual([]);
  });

  it('wakes up at the next start or end, never later than setTimeout can wait', () => {
    expect(nextChangeIn([strike, fog], at('2026-11-23T10:00:00.000Z'))).toBe(3_600_000);
    expect(nextChangeIn([strike, fog], at('2026-11-23T11:10:00.000Z'))).toBe(20 * 60_000);
    expect(nextChangeIn([strike, fog], at('2026-11-23T12:00:00.000Z'))).toBeNull();
    const long = notice('long', '2026-01-01T00:00:00.000Z', '2026-12-31T00:00:00.000Z');
    expect(nextChangeIn([long], at('2026-02-01T00:00:00.000Z'))).toBe(2 ** 31 - 1);
  });

  it("follows the server's clock only when the browser's is clearly off", () => {
    const sent = at('2026-11-23T10:00:00.000Z');
    // Same clock: the header's whole second is no reason to move anything.
    expect(clockSkew('Mon, 23 Nov 2026 10:00:00 GMT', sent, sent + 200)).toBe(0);
    // The phone is five minutes behind.
    expect(clockSkew('Mon, 23 Nov 2026 10:05:00 GMT', sent, sent + 200)).toBe(300_000 + 400);
    // Five minutes ahead.
    expect(clockSkew('Mon, 23 Nov 2026 09:55:00 GMT', sent, sent)).toBe(-300_000 + 500);
    expect(clockSkew(null, sent, sent)).toBe(0);
    expect(clockSkew('yesterday', sent, sent)).toBe(0);
  });

  it('keeps only well-formed notices of the answer', () => {
    expect(readNotices({ status_code: 500 })).toEqual([]);
    expect(readNotices([strike, { id: 'x', text: { mne: 'a' } }, null, 'text'])).toEqual([strike]);
  });
});
