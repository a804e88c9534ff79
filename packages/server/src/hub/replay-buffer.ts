import type { StreamEvent } from '@supersteward/contract';

export interface ReplayBufferOptions {
  /** How long the frames of a finished answer stay replayable. */
  retainMs?: number;
  /** Answers held at once; the oldest is dropped beyond this. */
  maxAnswers?: number;
  /** Frames held per answer; later frames are not buffered beyond this. */
  maxFramesPerAnswer?: number;
}

export const REPLAY_RETAIN_MS = 60_000;

interface Entry {
  frames: StreamEvent[];
  timer?: NodeJS.Timeout;
}

/** Frames of answers in flight (and shortly after), for sockets that reconnect mid-answer. */
export class ReplayBuffer {
  private readonly entries = new Map<string, Entry>();
  /**
   * Keys in the order their answers started, some already gone (expired): the oldest answer is
   * found from `head` on without walking a Map's deleted slots on every new answer.
   */
  private order: string[] = [];
  private head = 0;
  private lastRoom: string | undefined;
  private lastMessageId: string | undefined;
  private lastKey = '';
  private readonly retainMs: number;
  private readonly maxAnswers: number;
  private readonly maxFrames: number;

  constructor(options: ReplayBufferOptions = {}) {
    this.retainMs = options.retainMs ?? REPLAY_RETAIN_MS;
    this.maxAnswers = options.maxAnswers ?? 1_000;
    this.maxFrames = options.maxFramesPerAnswer ?? 5_000;
  }

  /** Keeps a frame that belongs to an answer (has message_id and seq); ignores others. */
  add(room: string, event: StreamEvent): void {
    if (event.message_id === undefined || event.seq === undefined) return;
    // An answer's frames come one after another: its key is joined (and hashed) once, not per frame.
    if (room !== this.lastRoom || event.message_id !== this.lastMessageId) {
      this.lastRoom = room;
      this.lastMessageId = event.message_id;
      this.lastKey = entryKey(room, event.message_id);
    }
    const key = this.lastKey;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { frames: [] };
      this.entries.set(key, entry);
      this.order.push(key);
      this.evictOverflow();
    }
    if (entry.frames.length < this.maxFrames) entry.frames.push(event);
    if (event.event === 'message:done' || event.event === 'message:error') {
      clearTimeout(entry.timer);
      entry.timer = setTimeout(() => this.entries.delete(key), this.retainMs);
      entry.timer.unref();
    }
  }

  framesAfter(room: string, messageId: string, afterSeq: number): StreamEvent[] {
    const entry = this.entries.get(entryKey(room, messageId));
    return entry ? entry.frames.filter((frame) => (frame.seq ?? -1) > afterSeq) : [];
  }

  clear(): void {
    for (const entry of this.entries.values()) clearTimeout(entry.timer);
    this.entries.clear();
    this.order = [];
    this.head = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private evictOverflow(): void {
    while (this.entries.size > this.maxAnswers && this.head < this.order.length) {
      const key = this.order[this.head++]!;
      const entry = this.entries.get(key);
      if (!entry) continue;
      clearTimeout(entry.timer);
      this.entries.delete(key);
    }
    // The keys of expired answers are dropped in bulk, once they are most of the list.
    if (this.order.length > 2 * this.entries.size + 1_000) {
      this.order = this.order.slice(this.head).filter((key) => this.entries.has(key));
      this.head = 0;
    }
  }
}

function entryKey(room: string, messageId: string): string {
  return `${room}\u0000${messageId}`;
}
