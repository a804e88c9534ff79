import { ApiError } from '../../http/api-error.js';
import { nextPodgoricaMidnight, podgoricaDay } from '../../quota/podgorica-day.js';

const DAY_MS = 86_400_000;
/** The longest range a screen may ask for. */
export const MAX_RANGE_DAYS = 366;

/** Midnight in Podgorica that starts a day `YYYY-MM-DD`. */
export function dayStart(day: string): number {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  // Noon UTC of the day before is that evening in Podgorica: its next midnight starts `day`.
  return nextPodgoricaMidnight(new Date(Date.UTC(y, m - 1, d) - DAY_MS / 2)).getTime();
}

export function dayOf(ms: number): string {
  return podgoricaDay(new Date(ms));
}

function addDays(day: string, days: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export interface DayRange {
  from: string;
  to: string;
  /** Epoch ms: start of `from`, start of the day after `to`. */
  startMs: number;
  endMs: number;
  days: string[];
}

/** A range of whole days in Podgorica, both included; default the 30 days up to today. */
export function dayRange(
  query: { from?: string | undefined; to?: string | undefined },
  now: number,
): DayRange {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? addDays(to, -29);
  for (const day of [from, to]) {
    if (Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || addDays(day, 0) !== day) {
      throw new ApiError(400, `${day} is not a day (YYYY-MM-DD)`);
    }
  }
  if (from > to) throw new ApiError(400, '`from` must not be after `to`');
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.push(day);
    if (days.length > MAX_RANGE_DAYS) {
      throw new ApiError(400, `A range may span at most ${MAX_RANGE_DAYS} days`);
    }
  }
  return { from, to, startMs: dayStart(from), endMs: dayStart(addDays(to, 1)), days };
}
