import { describe, expect, it } from 'vitest';
import {
  emptyDraft,
  endedNow,
  fromLocalInput,
  inputOf,
  NOTICE_MAX_SPAN_MS,
  toLocalInput,
  validateDraft,
  type NoticeDraft,
} from './noticeForm';

const valid: NoticeDraft = {
  mne: ' Štrajk na aerodromu ',
  en: 'Strike at the airport',
  startsAt: '2026-11-23T08:00',
  endsAt: '2026-11-23T20:30',
  topics: ['cabin-baggage'],
};

describe('notice form', () => {
  it('reads and writes datetime-local values in the local time zone, to the minute', () => {
    const at = new Date(2026, 2, 29, 1, 45).getTime();
    expect(toLocalInput(at)).toBe('2026-03-29T01:45');
    expect(fromLocalInput('2026-03-29T01:45')).toBe(at);
    expect(fromLocalInput('2026-03-29T01:45:30')).toBe(at + 30_000);
    expect(toLocalInput(new Date(2026, 0, 5, 9, 3).toISOString())).toBe('2026-01-05T09:03');
  });

  it('refuses what is not a whole, real date and time', () => {
    expect(fromLocalInput('')).toBeNaN();
    expect(fromLocalInput('2026-11-23')).toBeNaN();
    expect(fromLocalInput('2026-02-31T10:00')).toBeNaN();
    expect(fromLocalInput('23.11.2026 10:00')).toBeNaN();
  });

  it('a new notice starts this minute and runs for a day', () => {
    const now = new Date(2026, 10, 23, 10, 15, 42).getTime();
    const draft = emptyDraft(now);
    expect(draft.startsAt).toBe('2026-11-23T10:15');
    expect(draft.endsAt).toBe('2026-11-24T10:15');
    expect(validateDraft({ ...draft, mne: 'a', en: 'b' })).toEqual({});
  });

  it('names the field that is wrong, as the server would refuse it', () => {
    expect(validateDraft(valid)).toEqual({});
    expect(validateDraft({ ...valid, mne: '  ', en: '' })).toEqual({
      mne: 'required',
      en: 'required',
    });
    expect(validateDraft({ ...valid, startsAt: '' })).toEqual({ startsAt: 'badTime' });
    expect(validateDraft({ ...valid, endsAt: '2026-11-23' })).toEqual({ endsAt: 'badTime' });
    expect(validateDraft({ ...valid, endsAt: valid.startsAt })).toEqual({
      endsAt: 'endsBeforeStart',
    });
    const start = fromLocalInput(valid.startsAt);
    expect(
      validateDraft({ ...valid, endsAt: toLocalInput(start + NOTICE_MAX_SPAN_MS + 60_000) }),
    ).toEqual({ endsAt: 'tooLong' });
  });

  it('sends trimmed texts and ISO times', () => {
    const input = inputOf(valid);
    expect(input.text).toEqual({ mne: 'Štrajk na aerodromu', en: 'Strike at the airport' });
    expect(input.topics).toEqual(['cabin-baggage']);
    expect(Date.parse(input.starts_at)).toBe(fromLocalInput(valid.startsAt));
    expect(input.ends_at).toBe(new Date(fromLocalInput(valid.endsAt)).toISOString());
  });

  it('ends a notice now, never before it started', () => {
    const notice = {
      id: 'n1',
      text: { mne: 'a', en: 'b' },
      topics: [],
      starts_at: '2026-11-23T08:00:00.000Z',
      ends_at: '2026-11-24T08:00:00.000Z',
      state: 'active' as const,
      created_at: '2026-11-23T07:00:00.000Z',
      created_by: 'editor@airline.example',
      updated_at: '2026-11-23T07:00:00.000Z',
    };
    expect(endedNow(notice, Date.parse('2026-11-23T12:00:00.000Z')).ends_at).toBe(
      '2026-11-23T12:00:00.000Z',
    );
    expect(endedNow(notice, Date.parse('2026-11-23T08:00:00.000Z')).ends_at).toBe(
      '2026-11-23T08:00:01.000Z',
    );
  });
});
