import { Type, type Static } from '@sinclair/typebox';
import { Source } from './messages.js';

export {
  NEW_CHAT_ROOM_PREFIX,
  newChatRoom,
  WS_CLOSE_FORBIDDEN,
  WS_MAX_PAYLOAD,
  wsPath,
} from './constants.js';

/*
 * Extra fields every stream frame may carry (clients that ignore them keep working):
 * `message_id` is the assistant message the frame belongs to, `seq` its position in that
 * answer's stream (0 for message:created, then 1, 2, … for each piece), so a client that
 * reconnects can ask for the rest exactly once. They are written out in each event rather than
 * spread from a shared object so the web bundle can drop TypeBox as dead code.
 */

export const MessageCreatedEvent = Type.Object({
  event: Type.Literal('message:created'),
  data: Type.Literal(''),
  message_id: Type.Optional(Type.String()),
  thread_id: Type.Optional(Type.String()),
  seq: Type.Optional(Type.Integer({ minimum: 0 })),
});
export const MessageBitsEvent = Type.Object({
  event: Type.Literal('message:bits'),
  data: Type.String(),
  message_id: Type.Optional(Type.String()),
  thread_id: Type.Optional(Type.String()),
  seq: Type.Optional(Type.Integer({ minimum: 0 })),
});
/** The answer is complete: its stored content and sources. */
export const MessageDoneEvent = Type.Object({
  event: Type.Literal('message:done'),
  data: Type.Object({ content: Type.String(), sources: Type.Array(Source) }),
  message_id: Type.Optional(Type.String()),
  thread_id: Type.Optional(Type.String()),
  seq: Type.Optional(Type.Integer({ minimum: 0 })),
});
/** The answer could not be finished (engine failure, instance stopping). */
export const MessageErrorEvent = Type.Object({
  event: Type.Literal('message:error'),
  data: Type.String(),
  message_id: Type.Optional(Type.String()),
  thread_id: Type.Optional(Type.String()),
  seq: Type.Optional(Type.Integer({ minimum: 0 })),
});
/** Sent by the server in answer to a bad client frame; the socket stays open. */
export const ErrorEvent = Type.Object({ event: Type.Literal('error'), data: Type.String() });

export const ServerEvent = Type.Union([
  MessageCreatedEvent,
  MessageBitsEvent,
  MessageDoneEvent,
  MessageErrorEvent,
  ErrorEvent,
]);
export type ServerEvent = Static<typeof ServerEvent>;
export type StreamEvent = Exclude<ServerEvent, Static<typeof ErrorEvent>>;

/** Where a client's copy of a streamed answer stands: the answer and the last piece it applied. */
export const ResumePoint = Type.Object(
  { message_id: Type.String({ maxLength: 64 }), seq: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type ResumePoint = Static<typeof ResumePoint>;

/** Frames a client may send: keep-alive, and resume after a reconnect. */
export const ClientEvent = Type.Union([
  Type.Object({ event: Type.Literal('ping') }, { additionalProperties: false }),
  Type.Object(
    {
      event: Type.Literal('resume'),
      data: ResumePoint,
    },
    { additionalProperties: false },
  ),
]);
export type ClientEvent = Static<typeof ClientEvent>;
