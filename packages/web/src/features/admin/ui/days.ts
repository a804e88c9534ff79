/** The airline's calendar day (Europe/Podgorica, as the server counts days), `YYYY-MM-DD`. */
export function podgoricaToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Podgorica',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** `day` moved by `delta` days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, delta: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
}

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A day from a URL parameter, or undefined when it is not a day. */
export function dayParam(value: string | null): string | undefined {
  return value && DAY_PATTERN.test(value) ? value : undefined;
}
