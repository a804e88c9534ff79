import type { ServerEvent, StreamEvent } from '@supersteward/contract';

/** Answers remembered per socket for de-duplication; older ones are forgotten first. */
const REMEMBERED_ANSWERS = 64;

/**
 * What one socket has been sent of each answer in its room. Live frames and replayed frames
 * (after a `resume`) go through here, so each frame of an answer reaches the socket exactly once
 * and in order: while a replay is fetched, live frames of that answer wait behind it.
 */
export class RoomSession {
  private readonly lastSeq = new Map<string, number>();
  private readonly resuming = new Map<string, StreamEvent[]>();

  constructor(
    private readonly send: (event: ServerEvent) => void,
    private readonly replay: (messageId: string, afterSeq: number) => Promise<StreamEvent[]>,
  ) {}

  deliver(event: ServerEvent): void {
    if (event.event === 'error' || event.message_id === undefined || event.seq === undefined) {
      this.send(event);
      return;
    }
    const waiting = this.resuming.get(event.message_id);
    if (waiting) waiting.push(event);
    else this.forward(event);
  }

  /** Sends the frames of `messageId` after `afterSeq` the socket has not had yet. */
  async resume(messageId: string, afterSeq: number): Promise<void> {
    if (this.resuming.has(messageId)) return;
    this.resuming.set(messageId, []);
    try {
      this.remember(messageId, Math.max(this.lastSeq.get(messageId) ?? -1, afterSeq));
      const frames = await this.replay(messageId, afterSeq);
      for (const frame of [...frames].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)))
        this.forward(frame);
    } finally {
      const waiting = this.resuming.get(messageId) ?? [];
      this.resuming.delete(messageId);
      for (const frame of waiting) this.forward(frame);
    }
  }

  private forward(event: StreamEvent): void {
    const { message_id: messageId, seq } = event;
    if (messageId !== undefined && seq !== undefined) {
      if (seq <= (this.lastSeq.get(messageId) ?? -1)) return;
      this.remember(messageId, seq);
    }
    this.send(event);
  }

  private remember(messageId: string, seq: number): void {
    this.lastSeq.delete(messageId);
    this.lastSeq.set(messageId, seq);
    if (this.lastSeq.size > REMEMBERED_ANSWERS) {
      const oldest = this.lastSeq.keys().next().value;
      if (oldest !== undefined) this.lastSeq.delete(oldest);
    }
  }
}
