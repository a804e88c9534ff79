import type { Notice, NoticeInput } from '@supersteward/contract/staff';

/** What the notice form holds: the texts as typed, times as `<input type="datetime-local">` values. */
export interface NoticeDraft {
  mne: string;
  en: string;
  /** Local wall-clock time, `YYYY-MM-DDTHH:mm`, in the staff member's time zone. */
  startsAt: string;
  endsAt: string;
  topics: string[];
}

export type NoticeField = 'mne' | 'en' | 'startsAt' | 'endsAt';
/** Keys of the `notices` texts that say what is wrong with a field. */
export type NoticeProblem = 'required' | 'badTime' | 'endsBeforeStart' | 'tooLong';
export type NoticeErrors = Partial<Record<NoticeField, NoticeProblem>>;

/** The server refuses a notice running longer than this (notice-routes.ts). */
export const NOTICE_MAX_SPAN_MS = 366 * 86_400_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a `datetime-local` value in this browser's time zone (minutes, no seconds). */
export function toLocalInput(at: number | string): string {
  const date = new Date(at);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as a moment (NaN when it is not a full date and time). */
export function fromLocalInput(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return Number.NaN;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(y, mo - 1, d, h, mi, s);
  // new Date rolls 31 February over into March: such a value is no date.
  return date.getMonth() === mo - 1 && date.getDate() === d ? date.getTime() : Number.NaN;
}

/** A new notice: from this minute for a day, banner only. */
export function emptyDraft(now: number): NoticeDraft {
  const start = Math.floor(now / 60_000) * 60_000;
  return {
    mne: '',
    en: '',
    startsAt: toLocalInput(start),
    endsAt: toLocalInput(start + 86_400_000),
    topics: [],
  };
}

export function draftOf(notice: Notice): NoticeDraft {
  return {
    mne: notice.text.mne,
    en: notice.text.en,
    startsAt: toLocalInput(notice.starts_at),
    endsAt: toLocalInput(notice.ends_at),
    topics: [...notice.topics],
  };
}

/** What is wrong with each field, as the server would refuse it (empty: nothing). */
export function validateDraft(draft: NoticeDraft): NoticeErrors {
  const errors: NoticeErrors = {};
  if (!draft.mne.trim()) errors.mne = 'required';
  if (!draft.en.trim()) errors.en = 'required';
  const starts = fromLocalInput(draft.startsAt);
  const ends = fromLocalInput(draft.endsAt);
  if (Number.isNaN(starts)) errors.startsAt = 'badTime';
  if (Number.isNaN(ends)) errors.endsAt = 'badTime';
  else if (!Number.isNaN(starts) && ends <= starts) errors.endsAt = 'endsBeforeStart';
  else if (!Number.isNaN(starts) && ends - starts > NOTICE_MAX_SPAN_MS) errors.endsAt = 'tooLong';
  return errors;
}

/** The request body of a valid draft (texts trimmed, times as ISO 8601). */
export function inputOf(draft: NoticeDraft): NoticeInput {
  return {
    text: { mne: draft.mne.trim(), en: draft.en.trim() },
    topics: draft.topics,
    starts_at: new Date(fromLocalInput(draft.startsAt)).toISOString(),
    ends_at: new Date(fromLocalInput(draft.endsAt)).toISOString(),
  };
}

/** The same notice ending now (an active notice's "End now"). */
export function endedNow(notice: Notice, now: number): NoticeInput {
  return {
    text: notice.text,
    topics: notice.topics,
    starts_at: notice.starts_at,
    ends_at: new Date(Math.max(now, Date.parse(notice.starts_at) + 1000)).toISOString(),
  };
}
