import type { AnswerTrace, Language, Source } from '@supersteward/contract';

export interface HistoryTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface EngineRequest {
  question: string;
  /** Earlier turns of the thread, oldest first, without the question itself. */
  history: HistoryTurn[];
  /** The visitor's interface language: breaks ties when the question's language is unclear. */
  language: Language;
}

/**
 * Pieces of the answer as they are produced, then exactly one `end` with the sources used and
 * the trace of how the answer was reached (stored with the answer for staff, never sent to the
 * passenger).
 */
export type EngineEvent =
  { type: 'piece'; text: string } | { type: 'end'; sources: Source[]; trace?: AnswerTrace };

/** Turns a question into a streamed answer. The stored message is exactly the joined pieces. */
export interface AnswerEngine {
  answer(request: EngineRequest, signal: AbortSignal): AsyncIterable<EngineEvent>;
  close?(): Promise<void>;
}
