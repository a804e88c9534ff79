import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Language, Source } from '@supersteward/contract';
import type { AnswerEngine, EngineEvent, EngineRequest, HistoryTurn } from '../engine.js';
import type { KnowledgeBase } from '../knowledge/knowledge-index.js';
import { openKnowledge } from '../knowledge/live.js';
import type { KnowledgeIndex } from '../knowledge/types.js';
import { composeAnswer } from './compose.js';
import { acceptsCombined, contextsFor, isShort, opensAsFollowUp } from './follow-up.js';
import { splitPieces } from './pieces.js';
import {
  isSmallTalk,
  mentionsOtherAirline,
  otherAirlineReply,
  outOfScopeReply,
  smallTalkReply,
  type ReplyContext,
} from './replies.js';

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

export interface RetrievalEngine extends AnswerEngine {
  /** The live knowledge index (follows reloads), for engines that build on retrieval. */
  index: KnowledgeIndex & KnowledgeBase;
  close(): Promise<void>;
}

export interface Reply {
  language: Language;
  text: string;
  sources: Source[];
}

/** The answer to one question, whole: what the engine then streams. */
export function replyTo(
  kb: KnowledgeBase,
  question: string,
  interfaceLanguage: Language,
  context: ReplyContext,
  history: readonly HistoryTurn[] = [],
): Reply {
  const contexts = contextsFor(history);
  // A message with little language evidence of its own ("A Flex?") is in the thread's language.
  const threadLanguage =
    Math.abs(kb.languageBalance(question)) < 1 && contexts[0]
      ? kb.detectLanguage(contexts[0], interfaceLanguage)
      : interfaceLanguage;
  const language = kb.detectLanguage(question, threadLanguage);
  if (isSmallTalk(question))
    return { language, text: smallTalkReply(language, context), sources: [] };
  if (mentionsOtherAirline(question, context.airlineName))
    return { language, text: otherAirlineReply(language, context), sources: [] };
  let analysis = kb.analyze(question, language);
  let asked = question;
  if (!analysis.relevant && Math.abs(kb.languageBalance(question)) < 1) {
    // Too little evidence for the language: the other language's articles may know the words.
    const other: Language = language === 'mne' ? 'en' : 'mne';
    const retry = kb.analyze(question, other);
    if (retry.relevant) analysis = retry;
  }
  // A short follow-up ("A za biznis klasu?") is read together with the question before it.
  if (isShort(question) && (opensAsFollowUp(question) || !analysis.relevant)) {
    for (const earlier of contexts) {
      const text = `${earlier}\n${question}`;
      const combined = kb.analyze(text, language, question);
      if (acceptsCombined(analysis, kb.analyze(earlier, language), combined)) {
        analysis = combined;
        asked = text;
        break;
      }
    }
  }
  const composed = analysis.relevant
    ? composeAnswer(kb, analysis, asked, asked === question ? undefined : question)
    : null;
  if (!composed) return { language, text: outOfScopeReply(language, context), sources: [] };
  return { language: analysis.language, text: composed.text, sources: composed.sources };
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
  const delay = options.pieceDelayMs ?? 0;

  async function* answer(request: EngineRequest, signal: AbortSignal): AsyncIterable<EngineEvent> {
    if (signal.aborted) return;
    const reply = replyTo(
      knowledge.current,
      request.question,
      request.language,
      context,
      request.history,
    );
    for (const text of splitPieces(reply.text)) {
      yield { type: 'piece', text };
      // Let an abort from another task land between pieces.
      if (delay > 0) await sleep(delay, undefined, { signal }).catch(() => undefined);
      else await new Promise<void>((resolve) => setImmediate(resolve));
      if (signal.aborted) return;
    }
    yield { type: 'end', sources: reply.sources };
  }

  return {
    index: knowledge.index,
    answer,
    close: () => knowledge.close(),
  };
}
