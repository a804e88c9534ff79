import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { AnswerTrace, Language, Source } from '@supersteward/contract';
import type { AnswerEngine, EngineEvent, HistoryTurn } from '../engine.js';
import { composeExtractive } from '../ground/compose.js';
import { ground, type Grounding } from '../ground/ground.js';
import type { ReplyContext } from '../ground/replies.js';
import { buildKnowledgeBase, type KnowledgeBase } from '../knowledge/knowledge-index.js';
import { openKnowledge } from '../knowledge/live.js';
import { parseKnowledge, type KnowledgeFiles } from '../knowledge/loader.js';
import type { KnowledgeIndex } from '../knowledge/types.js';
import { splitPieces } from './pieces.js';

export interface RetrievalEngineOptions {
  knowledgeDir: string;
  supportEmail: string;
  airlineName: string;
  logger: Logger;
  /** Rebuild the index when the knowledge folder changes (default true). */
  watch?: boolean;
  /** Pause between streamed pieces, so a reader sees the answer grow (default 0: as fast as possible). */
  pieceDelayMs?: number;
}

/** Grounds questions and writes extractive replies: what the LLM engine builds on. */
export interface Grounder {
  /** The grounding decision for a question (gates, follow-up, language, passages, sources). */
  ground(request: {
    question: string;
    history: readonly HistoryTurn[];
    language: Language;
  }): Grounding;
  /** The extractive reply to a decision (the language pack's reply when it is not an answer). */
  compose(grounding: Grounding): Reply;
}

export interface RetrievalEngine extends AnswerEngine, Grounder {
  /** The live knowledge index (follows reloads), for engines that build on retrieval. */
  index: KnowledgeIndex & KnowledgeBase;
  close(): Promise<void>;
}

export interface Reply {
  language: Language;
  text: string;
  sources: Source[];
  trace: AnswerTrace;
}

function replyOf(kb: KnowledgeBase, grounding: Grounding, context: ReplyContext): Reply {
  const composed = composeExtractive(grounding, { ...context, topics: kb.lexicon.topics });
  return { language: grounding.language, ...composed, trace: grounding.trace };
}

/** The answer to one question, whole: what the engine then streams. */
export function replyTo(
  kb: KnowledgeBase,
  question: string,
  interfaceLanguage: Language,
  context: ReplyContext,
  history: readonly HistoryTurn[] = [],
): Reply {
  const grounding = ground(
    kb,
    { question, history, language: interfaceLanguage },
    context.airlineName,
  );
  return replyOf(kb, grounding, context);
}

/** Longest a stream sends pieces already due before it lets other tasks run (a client gone, other answers). */
const UNPACED_TURN_MS = 1;

/**
 * Streams a reply piece by piece, then its sources and trace. Paced, piece n is due n pauses
 * after the first: a stream woken late (a busy instance) sends every piece already due at once,
 * in one write, instead of one piece per pause from then on. It finishes on time, and a
 * thousand answers streaming together cost a write per due batch, not per word.
 */
async function* stream(
  reply: Reply,
  delay: number,
  signal: AbortSignal,
): AsyncIterable<EngineEvent> {
  if (signal.aborted) return;
  const started = performance.now();
  let yieldedAt = started;
  for (const [index, text] of splitPieces(reply.text).entries()) {
    yield { type: 'piece', text };
    // Let an abort from another task land between pieces. Pieces already due (unpaced, or a
    // paced stream running late) go out together for up to a millisecond before other tasks
    // get their turn: a turn of the event loop per piece cost more than the piece.
    const wait = delay > 0 ? started + (index + 1) * delay - performance.now() : 0;
    if (wait > 0) {
      await sleep(wait, undefined, { signal }).catch(() => undefined);
      yieldedAt = performance.now();
    } else if (performance.now() - yieldedAt >= UNPACED_TURN_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      yieldedAt = performance.now();
    }
    if (signal.aborted) return;
  }
  yield { type: 'end', sources: reply.sources, trace: reply.trace };
}

/** The engine over the knowledge base `current()` gives (the live one, or one in memory). */
function engineOver(
  current: () => KnowledgeBase,
  context: ReplyContext,
  delay: number,
): AnswerEngine & Grounder {
  return {
    ground: (request) => ground(current(), request, context.airlineName),
    compose: (grounding) => replyOf(current(), grounding, context),
    answer: (request, signal) =>
      stream(
        replyTo(current(), request.question, request.language, context, request.history),
        delay,
        signal,
      ),
  };
}

/**
 * The embedded answer engine: bilingual retrieval over the knowledge folder, no model, no network.
 * Rejects with a KnowledgeError (file and reason) when an article is malformed at start.
 */
export async function createRetrievalEngine(
  options: RetrievalEngineOptions,
): Promise<RetrievalEngine> {
  const knowledge = await openKnowledge({
    dir: options.knowledgeDir,
    logger: options.logger,
    watch: options.watch ?? true,
  });
  const context: ReplyContext = {
    airlineName: options.airlineName,
    supportEmail: options.supportEmail,
  };
  return {
    ...engineOver(() => knowledge.current, context, options.pieceDelayMs ?? 0),
    index: knowledge.index,
    close: () => knowledge.close(),
  };
}

export interface KnowledgeEngineOptions {
  /** The knowledge base as files (`mne/<id>.md`, `en/_lexicon.yaml`…), e.g. a draft from a database. */
  files: KnowledgeFiles;
  airlineName: string;
  supportEmail: string;
  pieceDelayMs?: number;
}

export interface KnowledgeEngine extends AnswerEngine, Grounder {
  /** The index built from the files. */
  kb: KnowledgeBase;
  /** Problems that do not stop it (an article without its other-language version). */
  warnings: string[];
  /** The whole reply to a question, with its trace, without streaming. */
  reply(question: string, language: Language, history?: readonly HistoryTurn[]): Reply;
}

/**
 * The same engine over a knowledge base held in memory: no folder, no watcher. For checking a
 * draft before it is published and for trying questions against it. Throws a KnowledgeError
 * (file and reason) for a malformed article or lexicon.
 */
export function createKnowledgeEngine(options: KnowledgeEngineOptions): KnowledgeEngine {
  const { articles, lexicon, warnings } = parseKnowledge(options.files);
  const kb = buildKnowledgeBase(articles, { lexicon });
  const context: ReplyContext = {
    airlineName: options.airlineName,
    supportEmail: options.supportEmail,
  };
  return {
    ...engineOver(() => kb, context, options.pieceDelayMs ?? 0),
    kb,
    warnings,
    reply: (question, language, history = []) => replyTo(kb, question, language, context, history),
  };
}
