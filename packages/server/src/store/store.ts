import type {
  AnswerTrace,
  Message,
  MessageStatus,
  Sentiment,
  Source,
  Thread,
} from '@supersteward/contract';
import type { QueryRunner } from '../db/compiled-query.js';

/** A transaction of the store's database, handed to work that must commit with it. */
export type StoreTransaction = QueryRunner;

/** What a question created: the thread (new or existing) and the stored user message. */
export interface StoredQuestion {
  threadId: string;
  createdThread: boolean;
  userMessage: Message;
  /** The assistant's message in state `streaming`, when asked for with `startAnswer`. */
  answer?: Message;
}

/**
 * Everything the product remembers, behind one port. SQLite (embedded default) and PostgreSQL
 * implement it with the same Kysely code; the same test suite runs against both.
 */
export interface Store {
  createUser(userId: string): Promise<void>;
  userExists(userId: string): Promise<boolean>;
  /** Newest first. */
  listThreads(userId: string): Promise<Thread[]>;
  /** The visitor's thread, or undefined when it does not exist or belongs to someone else. */
  findThread(userId: string, threadId: string): Promise<Thread | undefined>;
  /** Messages oldest first, or null when the thread is not this visitor's. */
  history(userId: string, threadId: string): Promise<Message[] | null>;
  /**
   * Stores the question, creating the thread when `threadId` is null, in one transaction; with
   * `startAnswer` the same transaction also creates the assistant's message as `startAnswer`
   * does. Returns undefined when `threadId` is given but is not this visitor's.
   * `first` runs in that transaction once the thread is known to be the visitor's, before the
   * messages are written (the daily units of the SQL quota, Quota.within): when it throws,
   * nothing is stored and the error is rethrown; when the thread is not the visitor's it does
   * not run.
   */
  addQuestion(input: {
    userId: string;
    threadId: string | null;
    question: string;
    threadName: string;
    startAnswer?: boolean;
    first?: ((transaction: StoreTransaction) => Promise<void>) | undefined;
  }): Promise<StoredQuestion | undefined>;
  /** Creates the assistant message in state `streaming` and touches the thread. */
  startAnswer(threadId: string): Promise<Message>;
  /**
   * Final content, sources, status and the engine's trace (kept for staff, never part of the
   * passenger's `Message`) of an assistant message; touches the thread.
   */
  finishAnswer(input: {
    messageId: string;
    content: string;
    sources: Source[];
    status: Exclude<MessageStatus, 'streaming'>;
    trace?: AnswerTrace | null | undefined;
  }): Promise<void>;
  /** The stored trace of an answer, null when it has none (or the message does not exist). */
  answerTrace(messageId: string): Promise<AnswerTrace | null>;
  /** Rows deleted (0 when not this visitor's). Removes its messages and feedback. */
  deleteThread(userId: string, threadId: string): Promise<number>;
  /** Removes the visitor, every thread, message and feedback of it; returns threads deleted. */
  deleteUser(userId: string): Promise<number>;
  /** False when the message is not an assistant message of this visitor. */
  setFeedback(input: {
    userId: string;
    messageId: string;
    sentiment: Sentiment;
    comment?: string | undefined;
  }): Promise<boolean>;
  /** Marks answers left `streaming` by a dead instance as interrupted; returns how many. */
  markInterrupted(olderThanMs?: number): Promise<number>;
  ping(): Promise<void>;
  /**
   * The pieces produced so far of an answer still streaming, so an instance that dies keeps what
   * the passenger already saw (the answer is then marked interrupted with it).
   */
  saveProgress(messageId: string, content: string): Promise<void>;
  /** Writes one tiny row and rejects when the store cannot write (a full disk, read-only). */
  probeWrite(): Promise<void>;
  close(): Promise<void>;
}
