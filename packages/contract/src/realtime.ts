import { Type, type Static } from '@sinclair/typebox';
import { Source } from './messages.js';

/** Prefix of the room a visitor listens on before its new chat has a thread id. */
export const NEW_CHAT_ROOM_PREFIX = 'newchat_';
export function newChatRoom(userId: string): string {
  return `${NEW_CHAT_ROOM_PREFIX}${userId}`;
}
export function wsPath(userId: string, room: string): string {
  return `/ws/${encodeURIComponent(userId)}/room/${encodeURIComponent(room)}`;
}
/** Frames larger than this are refused by the server (close code 1009). */
export const WS_MAX_PAYLOAD = 4 * 1024;
/** Close code sent when a visitor tries to join a room that is not its own. */
export const WS_CLOSE_FORBIDDEN = 4403;

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

/** Frames a client may send: keep-alive, and resume after a reconnect. */
export const ClientEvent = Type.Union([
  Type.Object({ event: Type.Literal('ping') }, { additionalProperties: false }),
  Type.Object(
    {
      event: Type.Literal('resume'),
      data: Type.Object(
        { message_id: Type.String({ maxLength: 64 }), seq: Type.Integer({ minimum: 0 }) },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
]);
export type ClientEvent = Static<typeof ClientEvent>;
