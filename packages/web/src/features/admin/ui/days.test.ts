import { describe, expect, it } from 'vitest';
import { addDays, dayParam, podgoricaToday } from './days';

describe('days', () => {
  it("counts the airline's day in Europe/Podgorica", () => {
    // 23:30 UTC on 31 March is already 1 April in Podgorica (UTC+2 in summer).
    expect(podgoricaToday(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
    expect(podgoricaToday(new Date('2026-01-15T22:59:00Z'))).toBe('2026-01-15');
  });

  it('moves by calendar days across months and daylight saving', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('accepts only YYYY-MM-DD from the address', () => {
    expect(dayParam('2026-11-01')).toBe('2026-11-01');
    expect(dayParam('1.11.2026')).toBeUndefined();
    expect(dayParam(null)).toBeUndefined();
  });
});
