import { Type, type Static } from '@sinclair/typebox';
import { Language } from './common.js';
import { LIMITS } from './constants.js';

export { ALTCHA_CHALLENGE_PATH, CAPTCHA_HEADER, UUID_HEADER } from './constants.js';
import { Message, Sentiment } from './messages.js';

export const CreateUuidResponse = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type CreateUuidResponse = Static<typeof CreateUuidResponse>;

export const Thread = Type.Object({
  thread_id: Type.String(),
  name: Type.String(),
  /** ISO 8601. */
  updated_at: Type.String(),
});
export type Thread = Static<typeof Thread>;
export const ThreadList = Type.Array(Thread);
export type ThreadList = Static<typeof ThreadList>;

export const ThreadParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: LIMITS.idMaxLength }),
});
export type ThreadParams = Static<typeof ThreadParams>;

/** `thread_id` null, absent or "new" starts a new thread. */
export const AnswerRequest = Type.Object(
  {
    question: Type.String({
      minLength: LIMITS.questionMinLength,
      maxLength: LIMITS.questionMaxLength,
    }),
    thread_id: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: LIMITS.idMaxLength }), Type.Null()]),
    ),
    /** The visitor's interface language; breaks ties when the question's language is unclear. */
    language: Type.Optional(Language),
  },
  { additionalProperties: false },
);
export type AnswerRequest = Static<typeof AnswerRequest>;

export const AnswerResponse = Type.Object({
  thread_id: Type.String(),
  all_messages: Type.Array(Message),
});
export type AnswerResponse = Static<typeof AnswerResponse>;

/** A list of messages, or null when the thread does not exist or is not this visitor's. */
export const HistoryResponse = Type.Union([Type.Array(Message), Type.Null()]);
export type HistoryResponse = Static<typeof HistoryResponse>;

export const DeleteResponse = Type.Object({ deleted: Type.Integer({ minimum: 0 }) });
export type DeleteResponse = Static<typeof DeleteResponse>;

export const FeedbackRequest = Type.Object(
  {
    message_id: Type.String({ minLength: 1, maxLength: LIMITS.idMaxLength }),
    sentiment: Sentiment,
    comment: Type.Optional(Type.String({ maxLength: LIMITS.feedbackCommentMaxLength })),
  },
  { additionalProperties: false },
);
export type FeedbackRequest = Static<typeof FeedbackRequest>;

export const FeedbackResponse = Type.Object({
  message_id: Type.String(),
  sentiment: Sentiment,
});
export type FeedbackResponse = Static<typeof FeedbackResponse>;

export const RegisterRoomRequest = Type.Object(
  {
    user_id: Type.String({ minLength: 1, maxLength: LIMITS.idMaxLength }),
    room_id: Type.String({ minLength: 1, maxLength: LIMITS.idMaxLength + 8 }),
  },
  { additionalProperties: false },
);
export type RegisterRoomRequest = Static<typeof RegisterRoomRequest>;

export const RegisterRoomResponse = Type.Object({ room_id: Type.String() });
export type RegisterRoomResponse = Static<typeof RegisterRoomResponse>;

export const CaptchaProvider = Type.Union([
  Type.Literal('altcha'),
  Type.Literal('recaptcha'),
  Type.Literal('turnstile'),
  Type.Literal('none'),
]);
export type CaptchaProvider = Static<typeof CaptchaProvider>;

/** A signed ALTCHA v2 challenge: the parts a client reads; the rest travels back untouched. */
export const AltchaChallenge = Type.Object(
  {
    parameters: Type.Object(
      { algorithm: Type.String(), expiresAt: Type.Optional(Type.Number()) },
      { additionalProperties: true },
    ),
    signature: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
// TypeBox leaves the extra properties out of the static type; they are there.
export type AltchaChallenge = Static<typeof AltchaChallenge> & {
  parameters: Record<string, unknown>;
  [key: string]: unknown;
};

/** Public client settings: everything the web app needs to know about this deployment. */
export const PublicConfig = Type.Object({
  product_name: Type.String(),
  airline_name: Type.String(),
  support_email: Type.String(),
  languages: Type.Array(Language),
  default_language: Language,
  daily_message_limit: Type.Integer(),
  captcha: Type.Object({
    provider: CaptchaProvider,
    /** reCAPTCHA / Turnstile site key. */
    site_key: Type.Optional(Type.String()),
    /** ALTCHA: where to fetch a challenge. */
    challenge_url: Type.Optional(Type.String()),
  }),
});
export type PublicConfig = Static<typeof PublicConfig>;

export const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('down')]),
  checks: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type HealthResponse = Static<typeof HealthResponse>;

/** Captcha actions of the spec: typing a question, or clicking a suggested card / button. */
export type CaptchaAction = 'sendMessage' | 'click';
