import { Type, type Static } from '@sinclair/typebox';

/** Interface languages of the product. */
export const Language = Type.Union([Type.Literal('mne'), Type.Literal('en')]);
export type Language = Static<typeof Language>;
export const LANGUAGES = ['mne', 'en'] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'mne';

/** Error body of every 4xx/5xx answer: same status in the body as in the HTTP status. */
export const ErrorBody = Type.Object({
  status_code: Type.Integer(),
  detail: Type.String(),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** The 429 body: which limit was hit and when it resets (ISO 8601, midnight Europe/Podgorica). */
export const RateLimitBody = Type.Object({
  status_code: Type.Literal(429),
  detail: Type.String(),
  limit: Type.Integer(),
  reset_at: Type.String(),
});
export type RateLimitBody = Static<typeof RateLimitBody>;

export const UuidHeaders = Type.Object({ uuid: Type.Optional(Type.String()) });

/** Bounds shared by the text box and the server's validation. */
export const LIMITS = {
  questionMinLength: 1,
  questionMaxLength: 2000,
  bodyMaxBytes: 16 * 1024,
  threadNameMaxLength: 80,
  feedbackCommentMaxLength: 1000,
  idMaxLength: 64,
} as const;

/** At least one Unicode letter: the rule for sending a question (spec section 5). */
export const HAS_LETTER = /\p{L}/u;
export function hasLetter(text: string): boolean {
  return HAS_LETTER.test(text);
}
