import type { Source } from '@supersteward/contract';
import type { AnswerEngine, EngineEvent, EngineRequest } from '../answer/engine.js';

/** What the scripted engine answers to one question. */
export interface ScriptedTurn {
  pieces: string[];
  sources?: Source[];
  /** Thrown after the pieces (an engine failure). */
  failWith?: Error;
  /** Awaited before piece `index` is yielded (lets a test hold the answer mid-way). */
  beforePiece?: (index: number) => Promise<void>;
}

export interface ScriptedEngine extends AnswerEngine {
  /** Every request the engine got, in order. */
  readonly requests: EngineRequest[];
}

function abortable(wait: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    wait.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error('the script failed', { cause: error }));
      },
    );
  });
}

/** An answer engine for tests: yields the pieces the script gives for each question. */
export function createScriptedEngine(
  script: (request: EngineRequest) => ScriptedTurn,
): ScriptedEngine {
  const requests: EngineRequest[] = [];
  return {
    requests,
    async *answer(request, signal): AsyncIterable<EngineEvent> {
      requests.push(request);
      const turn = script(request);
      for (const [index, text] of turn.pieces.entries()) {
        if (turn.beforePiece) await abortable(turn.beforePiece(index), signal);
        signal.throwIfAborted();
        yield { type: 'piece', text };
      }
      if (turn.failWith) throw turn.failWith;
      yield { type: 'end', sources: turn.sources ?? [] };
    },
  };
}

/** A promise a test opens when it wants. */
export function createGate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
