import { describe, expect, it } from 'vitest';
import { createQuotaDayClock, nextPodgoricaMidnight, podgoricaDay } from './podgorica-day.js';

const at = (iso: string) => new Date(iso);

describe('podgoricaDay', () => {
  it('is the calendar date on Podgorica’s wall clock', () => {
    // Winter: UTC+1. 23:30 UTC is already 00:30 the next day there.
    expect(podgoricaDay(at('2025-01-15T22:59:59.999Z'))).toBe('2025-01-15');
    expect(podgoricaDay(at('2025-01-15T23:00:00.000Z'))).toBe('2025-01-16');
    // Summer: UTC+2.
    expect(podgoricaDay(at('2025-07-15T21:59:59.999Z'))).toBe('2025-07-15');
    expect(podgoricaDay(at('2025-07-15T22:00:00.000Z'))).toBe('2025-07-16');
  });

  it('turns the year', () => {
    expect(podgoricaDay(at('2024-12-31T23:00:00.000Z'))).toBe('2025-01-01');
  });
});

describe('nextPodgoricaMidnight', () => {
  it('is the next local midnight in winter and in summer', () => {
    expect(nextPodgoricaMidnight(at('2025-01-15T10:00:00Z')).toISOString()).toBe(
      '2025-01-15T23:00:00.000Z',
    );
    expect(nextPodgoricaMidnight(at('2025-07-15T10:00:00Z')).toISOString()).toBe(
      '2025-07-15T22:00:00.000Z',
    );
  });

  it('at midnight exactly, is the midnight after', () => {
    expect(nextPodgoricaMidnight(at('2025-01-15T23:00:00.000Z')).toISOString()).toBe(
      '2025-01-16T23:00:00.000Z',
    );
    expect(nextPodgoricaMidnight(at('2025-01-15T22:59:59.999Z')).toISOString()).toBe(
      '2025-01-15T23:00:00.000Z',
    );
  });

  it('handles the spring-forward day (23 hours long)', () => {
    // 2025-03-30: clocks go 02:00 → 03:00. The day starts at +1 and ends at +2.
    const morning = at('2025-03-30T05:00:00Z');
    expect(podgoricaDay(morning)).toBe('2025-03-30');
    expect(nextPodgoricaMidnight(morning).toISOString()).toBe('2025-03-30T22:00:00.000Z');
    // Just before the change, still on winter time.
    expect(nextPodgoricaMidnight(at('2025-03-30T00:30:00Z')).toISOString()).toBe(
      '2025-03-30T22:00:00.000Z',
    );
    // The evening before the change: midnight is still at +1.
    expect(nextPodgoricaMidnight(at('2025-03-29T12:00:00Z')).toISOString()).toBe(
      '2025-03-29T23:00:00.000Z',
    );
  });

  it('handles the fall-back day (25 hours long)', () => {
    // 2025-10-26: clocks go 03:00 → 02:00. The day starts at +2 and ends at +1.
    expect(nextPodgoricaMidnight(at('2025-10-25T22:30:00Z')).toISOString()).toBe(
      '2025-10-26T23:00:00.000Z',
    );
    // In the repeated hour (02:30 local, twice).
    expect(nextPodgoricaMidnight(at('2025-10-26T00:30:00Z')).toISOString()).toBe(
      '2025-10-26T23:00:00.000Z',
    );
    expect(nextPodgoricaMidnight(at('2025-10-26T01:30:00Z')).toISOString()).toBe(
      '2025-10-26T23:00:00.000Z',
    );
    expect(nextPodgoricaMidnight(at('2025-10-25T12:00:00Z')).toISOString()).toBe(
      '2025-10-25T22:00:00.000Z',
    );
  });

  it('is always after now and at most 25 hours away, for every hour of a year', () => {
    const start = Date.parse('2025-01-01T00:00:00Z');
    for (let t = start; t < start + 366 * 86_400_000; t += 3_600_000 + 17_000) {
      const next = nextPodgoricaMidnight(new Date(t)).getTime();
      expect(next).toBeGreaterThan(t);
      expect(next - t).toBeLessThanOrEqual(25 * 3_600_000);
      expect(podgoricaDay(new Date(next))).not.toBe(podgoricaDay(new Date(t)));
      expect(podgoricaDay(new Date(next - 1))).toBe(podgoricaDay(new Date(t)));
    }
  });
});

describe('createQuotaDayClock', () => {
  it('answers as podgoricaDay and nextPodgoricaMidnight across days, seasons and a clock moved back', () => {
    const clock = createQuotaDayClock();
    const instants = [
      '2025-01-15T10:00:00.000Z',
      '2025-01-15T22:59:59.999Z',
      '2025-01-15T23:00:00.000Z',
      '2025-01-16T05:00:00.000Z',
      '2025-01-15T12:00:00.000Z',
      '2025-03-30T00:30:00.000Z',
      '2025-03-30T22:00:00.000Z',
      '2025-07-15T21:59:59.999Z',
      '2025-07-15T22:00:00.000Z',
      '2025-10-26T01:30:00.000Z',
      '2024-12-31T23:00:00.000Z',
    ];
    for (const iso of instants) {
      const now = at(iso);
      expect(clock(now), iso).toEqual({
        day: podgoricaDay(now),
        resetAt: nextPodgoricaMidnight(now).toISOString(),
      });
    }
  });

  it('keeps one answer for the rest of the day', () => {
    const clock = createQuotaDayClock();
    const morning = clock(at('2025-01-15T06:00:00.000Z'));
    expect(clock(at('2025-01-15T20:00:00.000Z'))).toBe(morning);
    expect(clock(at('2025-01-15T23:00:00.000Z'))).not.toBe(morning);
  });
});
