import type { HistoryTurn } from '../engine.js';
import type { QueryAnalysis } from '../knowledge/knowledge-index.js';
import { fold, tokenize } from '../knowledge/text.js';

/** A follow-up is short: a longer message says what it asks by itself. */
const MAX_FOLLOW_UP_TOKENS = 8;
/** Earlier questions a follow-up may lean on (the last one, then the two last ones together). */
const MAX_CONTEXT_QUESTIONS = 2;
/**
 * Share of the follow-up's own content weight the answer's article must hold: the thread gives
 * the topic, the follow-up must still be about it ("what's the weather" after a baggage question
 * holds nothing of the baggage article and stays out of scope).
 */
const MIN_OWN_SHARE = 0.5;
/** When the message is relevant by itself, the thread only refines it if it holds all of it. */
const MIN_OWN_SHARE_WHEN_RELEVANT = 0.9;

// Matched on the folded message: openings that lean on what was asked before.
const OPENINGS =
  /^(a|i|pa|ili|a sta|a sto|a ako|a za|a sa|a u|a kod|sta ako|sto ako|and|or|but|also|what about|how about|what if|and for|and if|and in|and with|same for|isto)\b/;

/** Whether a message opens like a follow-up ("A za biznis klasu?", "And for Flex?"). */
export function opensAsFollowUp(message: string): boolean {
  return OPENINGS.test(fold(message.trim().toLowerCase()));
}

/** Whether a message is short enough to be a follow-up. */
export function isShort(message: string): boolean {
  return tokenize(message).length <= MAX_FOLLOW_UP_TOKENS;
}

/**
 * The earlier questions to read a follow-up with, as texts to put before it: the last user
 * question, then the two last ones together (the last may itself have been a follow-up).
 */
export function contextsFor(history: readonly HistoryTurn[]): string[] {
  const questions = history
    .filter((turn) => turn.role === 'user' && turn.content.trim())
    .map((turn) => turn.content.trim())
    .slice(-MAX_CONTEXT_QUESTIONS);
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
): boolean {
  if (!combined.relevant) return false;
  const needed = alone.relevant ? MIN_OWN_SHARE_WHEN_RELEVANT : MIN_OWN_SHARE;
  return ownShare(alone, combined) >= needed && ownShare(earlier, combined) >= MIN_OWN_SHARE;
}
