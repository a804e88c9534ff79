import type { ServerEvent, StreamEvent } from '@supersteward/contract';

export type RoomListener = (event: ServerEvent) => void;

/**
 * Fan-out of answer pieces to the sockets listening on a room. In-process by default; Redis
 * pub/sub when scaled out, so a socket on any instance receives what any instance publishes.
 */
export interface Hub {
  publish(room: string, event: StreamEvent): Promise<void>;
  /** Returns the function that stops listening. */
  subscribe(room: string, listener: RoomListener): Promise<() => Promise<void>>;
  /**
   * Frames of the answer `messageId` with seq greater than `afterSeq`, for a client that
   * reconnects mid-answer; empty once the answer is finished and expired.
   */
  replay(room: string, messageId: string, afterSeq: number): Promise<StreamEvent[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
