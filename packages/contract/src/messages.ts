import { Type, type Static } from '@sinclair/typebox';

export const Role = Type.Union([Type.Literal('user'), Type.Literal('assistant')]);
export type Role = Static<typeof Role>;

export const Sentiment = Type.Union([
  Type.Literal('positive'),
  Type.Literal('negative'),
  Type.Null(),
]);
export type Sentiment = Static<typeof Sentiment>;

/** A knowledge-base article an answer came from. */
export const Source = Type.Object({
  id: Type.String(),
  title: Type.String(),
  url: Type.Optional(Type.String()),
});
export type Source = Static<typeof Source>;

/**
 * State of a stored message. Absent means complete; `streaming` while an answer is produced,
 * `interrupted` when its instance died mid-way, `failed` when the engine gave up.
 */
export const MessageStatus = Type.Union([
  Type.Literal('complete'),
  Type.Literal('streaming'),
  Type.Literal('interrupted'),
  Type.Literal('failed'),
]);
export type MessageStatus = Static<typeof MessageStatus>;

export const Message = Type.Object({
  role: Role,
  content: Type.String(),
  /** Epoch seconds. */
  createdAt: Type.Integer(),
  message_id: Type.String(),
  sentiment: Sentiment,
  sources: Type.Optional(Type.Array(Source)),
  status: Type.Optional(MessageStatus),
});
export type Message = Static<typeof Message>;
