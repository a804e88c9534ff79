import type { EngineConfig } from '../config.js';
import type { HistoryTurn } from '../engine.js';
import type { QueryAnalysis } from '../knowledge/knowledge-index.js';
import { fold, tokenize } from '../knowledge/text.js';
import { allPacks } from '../language/pack.js';
import { isSmallTalk } from './replies.js';

type FollowUpConfig = EngineConfig['followUp'];

let openings: RegExp | undefined;

/**
 * Whether a message opens like a follow-up ("A za drugu klasu?", "And for the other one?"): with one of
 * the language packs' openings that lean on what was asked before, matched on the folded message.
 */
export function opensAsFollowUp(message: string): boolean {
  openings ??= new RegExp(
    `^(${allPacks()
      .flatMap((p) => p.follow_up_openings)
      .map(fold)
      .join('|')})\\b`,
  );
  return openings.test(fold(message.trim().toLowerCase()));
}

/** Whether a message is short enough to be a follow-up. */
export function isShort(message: string, config: FollowUpConfig): boolean {
  return tokenize(message).length <= config.maxTokens;
}

/**
 * The earlier questions to read a follow-up with, as texts to put before it: the last user
 * question, then the two last ones together (the last may itself have been a follow-up); small
 * talk is passed over.
 */
export function contextsFor(history: readonly HistoryTurn[], config: FollowUpConfig): string[] {
  const questions = history
    .filter((turn) => turn.role === 'user' && turn.content.trim())
    .map((turn) => turn.content.trim())
    // Thanks or a greeting between two questions is no earlier question to lean on.
    .filter((question) => !isSmallTalk(question))
    .slice(-config.maxContextQuestions);
  const contexts: string[] = [];
  for (let n = 1; n <= questions.length; n++) contexts.push(questions.slice(-n).join('\n'));
  return contexts;
}

/** Share (by IDF) of the follow-up's own content words the combined reading's article holds. */
export function ownShare(alone: QueryAnalysis, combined: QueryAnalysis): number {
  const held = new Map(combined.words.map((w) => [w.token, w.matched]));
  let total = 0;
  let covered = 0;
  for (const word of alone.words) {
    total += word.idf;
    if (held.get(word.token)) covered += word.idf;
  }
  return total > 0 ? covered / total : 1;
}

/**
 * Whether the combined reading should answer instead of the message alone: it is relevant, holds
 * the follow-up's own words and stays with the earlier question (a weather word that some article
 * happens to hold does not turn a baggage thread into that article).
 */
export function acceptsCombined(
  alone: QueryAnalysis,
  earlier: QueryAnalysis,
  combined: QueryAnalysis,
  config: FollowUpConfig,
): boolean {
  if (!combined.relevant) return false;
  // The thread gives the topic, the follow-up must still be about it ("what's the weather" after
  // a baggage question holds nothing of the baggage article and stays out of scope); a message
  // relevant by itself is only refined by the thread when the combined reading holds all of it.
  const needed = alone.relevant ? config.minOwnShareWhenRelevant : config.minOwnShare;
  return ownShare(alone, combined) >= needed && ownShare(earlier, combined) >= config.minOwnShare;
}
