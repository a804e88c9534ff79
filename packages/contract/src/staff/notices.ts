import { Type, type Static } from '@sinclair/typebox';

import { NOTICE_LIMITS } from './constants.js';

export { NOTICE_LIMITS } from './constants.js';

const TEXT_MAX = NOTICE_LIMITS.textMaxLength;
const TOPICS_MAX = NOTICE_LIMITS.topicsMax;

const NoticeText = Type.String({ minLength: 1, maxLength: TEXT_MAX });

/**
 * A time-boxed notice to passengers (a strike, weather, an airport closure), in both languages.
 * Plain text: shown as typed, never as HTML or Markdown.
 */
export const NoticeInput = Type.Object(
  {
    text: Type.Object({ mne: NoticeText, en: NoticeText }, { additionalProperties: false }),
    /** Article ids: answers citing one of them end with the notice. Empty: banner only. */
    topics: Type.Array(Type.String({ minLength: 1, maxLength: 80 }), {
      maxItems: TOPICS_MAX,
    }),
    /** ISO 8601 date-times; the notice shows from `starts_at` until `ends_at`. */
    starts_at: Type.String({ format: 'date-time' }),
    ends_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type NoticeInput = Static<typeof NoticeInput>;

export const Notice = Type.Object({
  id: Type.String(),
  text: Type.Object({ mne: Type.String(), en: Type.String() }),
  topics: Type.Array(Type.String()),
  starts_at: Type.String(),
  ends_at: Type.String(),
  /** `scheduled`, `active` or `expired` at the time of the answer. */
  state: Type.Union([Type.Literal('scheduled'), Type.Literal('active'), Type.Literal('expired')]),
  created_at: Type.String(),
  created_by: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.String(),
});
export type Notice = Static<typeof Notice>;

export const NoticeList = Type.Array(Notice);
export type NoticeList = Static<typeof NoticeList>;

export const NoticeParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type NoticeParams = Static<typeof NoticeParams>;

/** What passengers get: the notices active now (public, no visitor id needed). */
export const PublicNotice = Type.Object({
  id: Type.String(),
  text: Type.Object({ mne: Type.String(), en: Type.String() }),
  starts_at: Type.String(),
  ends_at: Type.String(),
});
export type PublicNotice = Static<typeof PublicNotice>;

export const PublicNoticeList = Type.Array(PublicNotice);
export type PublicNoticeList = Static<typeof PublicNoticeList>;
