import { Type, type Static } from '@sinclair/typebox';

export { DEFAULT_LANGUAGE, HAS_LETTER, hasLetter, LANGUAGES, LIMITS } from './constants.js';

/** Interface languages of the product. */
export const Language = Type.Union([Type.Literal('mne'), Type.Literal('en')]);
export type Language = Static<typeof Language>;

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
