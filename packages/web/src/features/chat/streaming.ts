import type { ServerEvent } from '@supersteward/contract';

/** The answer being streamed (the streaming state). */
export interface StreamState {
  /**
   * The pieces so far, joined as they arrive: each piece is appended (O(piece)), the pieces are
   * never re-joined.
   */
  text: string;
  /** The assistant message the pieces belong to, when the server names it. */
  messageId: string | null;
  /** Highest `seq` applied, so a resumed stream never doubles a piece. */
  lastSeq: number;
  /** The thread the answer belongs to, when `message:created` names it. */
  threadId?: string;
}

export const EMPTY_STREAM: StreamState = { text: '', messageId: null, lastSeq: -1 };

export interface StreamStep {
  state: StreamState;
  /** Text to show as the last assistant message, or null when the view does not change. */
  content: string | null;
  /** The answer's final text arrived (`message:done`). */
  done: boolean;
}

/**
 * `message:created` clears the pieces; `message:bits` appends one to the text,
 * which becomes the last assistant message. Frames may carry `message_id` and `seq` (contract
 * realtime.ts); a repeated `seq` after a reconnect is dropped. Unknown events change nothing.
 */
export function applyStreamEvent(state: StreamState, frame: unknown): StreamStep {
  const unchanged: StreamStep = { state, content: null, done: false };
  if (typeof frame !== 'object' || frame === null || !('event' in frame)) return unchanged;
  const event = frame as ServerEvent & { message_id?: string; seq?: number };
  switch (event.event) {
    case 'message:created':
      return {
        state: {
          text: '',
          messageId: event.message_id ?? null,
          lastSeq: typeof event.seq === 'number' ? event.seq : -1,
          threadId: event.thread_id,
        },
        content: null,
        done: false,
      };
    case 'message:bits': {
      if (typeof event.data !== 'string') return unchanged;
      const sameMessage =
        !event.message_id || !state.messageId || event.message_id === state.messageId;
      const base = sameMessage ? state : { ...EMPTY_STREAM, messageId: event.message_id ?? null };
      if (typeof event.seq === 'number' && sameMessage && event.seq <= base.lastSeq) {
        return unchanged;
      }
      const text = base.text + event.data;
      return {
        state: {
          text,
          messageId: base.messageId ?? event.message_id ?? null,
          lastSeq: typeof event.seq === 'number' ? event.seq : base.lastSeq,
        },
        content: text,
        done: false,
      };
    }
    case 'message:done': {
      if (typeof event.data !== 'object' || event.data === null) return unchanged;
      if (event.message_id && state.messageId && event.message_id !== state.messageId) {
        return unchanged;
      }
      return { state, content: event.data.content, done: true };
    }
    default:
      return unchanged;
  }
}
