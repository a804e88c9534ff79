import type {
  AnswerTrace,
  Language,
  Message,
  MessageStatus,
  Source,
  StreamEvent,
} from '@supersteward/contract';
import type { Logger } from 'pino';
import type { AnswerEngine, HistoryTurn } from '../../answer/engine.js';
import type { Hub } from '../../hub/hub.js';
import type { Store } from '../../store/store.js';

export interface ProduceAnswerInput {
  threadId: string;
  /** The assistant's message when the caller already created it (Store.addQuestion startAnswer). */
  answer?: Message | undefined;
  room: string;
  question: string;
  history: HistoryTurn[];
  language: Language;
  signal: AbortSignal;
}

export interface ProducedAnswer {
  messageId: string;
  status: Exclude<MessageStatus, 'streaming'>;
}

/**
 * How often the pieces produced so far are stored while an answer streams: what a passenger saw
 * survives the instance dying (kill -9), at the cost of one small write per interval.
 */
const PROGRESS_SAVE_INTERVAL_MS = 1_000;

const APOLOGY: Record<Language, (email: string) => string> = {
  mne: (email) =>
    `Izvinite, trenutno ne mogu da odgovorim. Pokušajte ponovo malo kasnije ili pišite na ${email}.`,
  en: (email) =>
    `Sorry, I cannot answer right now. Please try again in a moment or write to ${email}.`,
};

/**
 * Runs the engine for a stored question: creates the assistant message, streams every piece to
 * the room (seq 0 = created, 1… = pieces, then done or error), and stores exactly the joined
 * pieces with the final status. Never throws for an engine failure or an abort: the outcome is
 * in the returned status.
 */
export async function produceAnswer(
  deps: { store: Store; hub: Hub; engine: AnswerEngine; logger: Logger; supportEmail: string },
  input: ProduceAnswerInput,
): Promise<ProducedAnswer> {
  const { store, hub, engine, logger } = deps;
  const { room, threadId, signal } = input;
  const assistant: Message = input.answer ?? (await store.startAnswer(threadId));
  const frame = { message_id: assistant.message_id, thread_id: threadId };

  // Realtime is best effort: the HTTP answer and the store carry the truth when the hub is down.
  // One warning per answer, not one per piece, while the hub is unreachable. Frames are handed
  // to the hub in order without waiting for each to be acknowledged (Redis: pipelined on one
  // connection, one round trip for a burst of pieces, not one per piece); the answer returns
  // once all of them are.
  let publishFailed = false;
  // The acknowledgements the answer waits for before it returns.
  const pending: Promise<void>[] = [];
  const onPublishFailed = (error: unknown): void => {
    if (publishFailed) return;
    publishFailed = true;
    logger.warn({ err: error }, 'could not publish answer frames; the answer goes by HTTP only');
  };
  const publish = (event: StreamEvent): void => {
    if (publishFailed) return;
    try {
      pending.push(hub.publish(room, event).catch(onPublishFailed));
    } catch (error) {
      onPublishFailed(error);
    }
  };

  publish({ event: 'message:created', data: '', ...frame, seq: 0 });
  const pieces: string[] = [];
  let savedAt = Date.now();
  let sources: Source[] = [];
  let trace: AnswerTrace | undefined;
  let status: ProducedAnswer['status'];
  try {
    const events = engine.answer(
      { question: input.question, history: input.history, language: input.language },
      signal,
    );
    for await (const event of events) {
      signal.throwIfAborted();
      if (event.type === 'end') {
        sources = event.sources;
        trace = event.trace;
        continue;
      }
      if (!event.text) continue;
      pieces.push(event.text);
      publish({
        event: 'message:bits',
        data: event.text,
        message_id: frame.message_id,
        thread_id: threadId,
        seq: pieces.length,
      });
      if (Date.now() - savedAt >= PROGRESS_SAVE_INTERVAL_MS) {
        savedAt = Date.now();
        await store.saveProgress(assistant.message_id, pieces.join(''));
      }
    }
    signal.throwIfAborted();
    status = 'complete';
  } catch (error) {
    status = signal.aborted ? 'interrupted' : 'failed';
    if (status === 'failed') logger.error({ err: error }, 'the answer engine failed');
    else logger.info({ reason: String(signal.reason) }, 'answer interrupted');
  }

  let content = pieces.join('');
  if (status === 'failed' && content.trim() === '')
    content = APOLOGY[input.language](deps.supportEmail);
  // The trace belongs to a finished answer: an interrupted or failed one was not what it describes.
  await store.finishAnswer({
    messageId: assistant.message_id,
    content,
    sources,
    status,
    trace: status === 'complete' ? (trace ?? null) : null,
  });

  const seq = pieces.length + 1;
  if (status === 'complete') {
    publish({ event: 'message:done', data: { content, sources }, ...frame, seq });
  } else {
    publish({ event: 'message:error', data: status, ...frame, seq });
  }
  await Promise.all(pending);
  return { messageId: assistant.message_id, status };
}
