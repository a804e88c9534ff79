/** Daily limits reset at midnight in Montenegro, whatever the server's own time zone. */
export const QUOTA_TIME_ZONE = 'Europe/Podgorica';

const dateParts = new Intl.DateTimeFormat('en-US', {
  timeZone: QUOTA_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instantMs: number): WallClock {
  const parts: Record<string, number> = {};
  for (const part of dateParts.formatToParts(instantMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far Podgorica's wall clock is ahead of UTC at an instant (+1 h winter, +2 h summer). */
function offsetMs(instantMs: number): number {
  const w = wallClock(instantMs);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  // The formatter drops milliseconds: compare with the instant floored to the second.
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day in Podgorica at `now`, as YYYY-MM-DD. */
export function podgoricaDay(now: Date = new Date()): string {
  const w = wallClock(now.getTime());
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The first instant of the next calendar day in Podgorica. */
export function nextPodgoricaMidnight(now: Date = new Date()): Date {
  const w = wallClock(now.getTime());
  // Midnight of the next day read as if it were UTC, then shifted by the offset in force then.
  // Europe changes clocks at 01:00 UTC, never at midnight, so the offset found is exact.
  const midnightAsUtc = Date.UTC(w.year, w.month - 1, w.day + 1);
  let instant = midnightAsUtc - offsetMs(midnightAsUtc);
  instant = midnightAsUtc - offsetMs(instant);
  return new Date(instant);
}

export interface QuotaDay {
  /** YYYY-MM-DD in Podgorica. */
  day: string;
  /** The next midnight in Podgorica, ISO 8601: when the day's counters reset. */
  resetAt: string;
}

/**
 * The day and reset instant of `now`, without Intl formatting on every call: the answer for one
 * instant holds for every later instant until that day's midnight, so one remembered interval
 * serves a whole day of requests. An instant outside it (the next day, or a clock moved back)
 * computes and remembers a new one.
 */
export function createQuotaDayClock(): (now: Date) => QuotaDay {
  let from = Number.POSITIVE_INFINITY;
  let until = Number.NEGATIVE_INFINITY;
  let known: QuotaDay = { day: '', resetAt: '' };
  return (now) => {
    const instant = now.getTime();
    if (instant >= from && instant < until) return known;
    const midnight = nextPodgoricaMidnight(now);
    known = { day: podgoricaDay(now), resetAt: midnight.toISOString() };
    from = instant;
    until = midnight.getTime();
    return known;
  };
}
