import type { ServerEvent, StreamEvent } from '@supersteward/contract';

/** Answers remembered per socket for de-duplication; older ones are forgotten first. */
const REMEMBERED_ANSWERS = 64;

/**
 * What one socket has been sent of each answer in its room. Live frames and replayed frames
 * (after a `resume`) go through here, so each frame of an answer reaches the socket exactly once
 * and in order: while a replay is fetched, live frames of that answer wait behind it.
 *
 * A socket that joins mid-answer first sees a live piece (seq > 0) of an answer it knows nothing
 * of. Sending it would open a gap the client's `resume` could no longer fill (a client keeps the
 * highest seq it applied), and the resume usually arrives a round trip after the live frames do.
 * So the socket catches up from the answer's start instead; a resume that arrives meanwhile
 * raises the point it catches up from, so the client gets the rest exactly once.
 */
export class RoomSession {
  private readonly lastSeq = new Map<string, number>();
  private readonly resuming = new Map<string, StreamEvent[]>();
  private readonly pending = new Map<string, Promise<void>>();

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
    else if (event.seq > 0 && !this.lastSeq.has(event.message_id)) {
      // Joined mid-answer: the live frame waits behind the earlier ones.
      const catchUp = this.fill(event.message_id, -1);
      this.resuming.get(event.message_id)?.push(event);
      // A failed replay still sends the held live frames (fill's finally); nothing to report.
      catchUp.catch(() => undefined);
    } else this.forward(event);
  }

  /** Sends the frames of `messageId` after `afterSeq` the socket has not had yet. */
  resume(messageId: string, afterSeq: number): Promise<void> {
    const pending = this.pending.get(messageId);
    if (pending) {
      // A catch-up is under way: it skips what the client says it has.
      this.remember(messageId, Math.max(this.lastSeq.get(messageId) ?? -1, afterSeq));
      return pending;
    }
    return this.fill(messageId, afterSeq);
  }

  private fill(messageId: string, afterSeq: number): Promise<void> {
    this.resuming.set(messageId, []);
    const filled = this.replayAfter(messageId, afterSeq).finally(() =>
      this.pending.delete(messageId),
    );
    this.pending.set(messageId, filled);
    return filled;
  }

  private async replayAfter(messageId: string, afterSeq: number): Promise<void> {
    try {
      if (afterSeq >= 0)
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
