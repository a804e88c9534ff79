import type { Language } from '@supersteward/contract';
import type { KnowledgeBase, QueryAnalysis } from '../knowledge/knowledge-index.js';
import type { SmallTalkKind } from '../language/pack.js';
import { acceptsCombined, isShort, opensAsFollowUp } from './follow-up.js';
import type { Normalized } from './normalize.js';
import { mentionsOtherAirline, saysGoodbye, smallTalkKind } from './replies.js';

/** What the gates decided before any search: nothing to look up. */
export type Gated =
  | { kind: 'small_talk'; smallTalk: SmallTalkKind; farewell: boolean }
  | { kind: 'other_airline' }
  | undefined;

/** Small talk and questions about another airline are answered without the knowledge base. */
export function gateMessage(kb: KnowledgeBase, normalized: Normalized, airlineName: string): Gated {
  const smallTalk = smallTalkKind(normalized.question);
  if (smallTalk)
    return { kind: 'small_talk', smallTalk, farewell: saysGoodbye(normalized.question) };
  if (mentionsOtherAirline(normalized.question, airlineName, kb.lexicon))
    return { kind: 'other_airline' };
  return undefined;
}

/** The reading of the question the answer comes from, and how it was reached. */
export interface Reading {
  analysis: QueryAnalysis;
  /** The text analysed: the question, or the earlier question with the follow-up after it. */
  text: string;
  /** The earlier question a follow-up was read with. */
  readWith?: string;
  notes: string[];
}

/**
 * The relevance gate with its two second chances: a question with little language evidence is
 * tried against the other language's articles, and a short follow-up ("A za biznis klasu?", "and
 * in Business?") is read together with the question before it when that reading stays on the
 * earlier topic and holds the follow-up's own words.
 */
export function readQuestion(kb: KnowledgeBase, normalized: Normalized): Reading {
  const { question, language, contexts } = normalized;
  const config = kb.config.followUp;
  const notes: string[] = [];
  let analysis = kb.analyze(question, language);
  if (!analysis.relevant && normalized.weakLanguage) {
    const other: Language = language === 'mne' ? 'en' : 'mne';
    const retry = kb.analyze(question, other);
    if (retry.relevant) {
      analysis = retry;
      notes.push(`read in ${other}: the ${language} articles did not cover it`);
    }
  }
  if (isShort(question, config) && (opensAsFollowUp(question) || !analysis.relevant)) {
    for (const earlier of contexts) {
      const text = `${earlier}\n${question}`;
      const combined = kb.analyze(text, language, question);
      if (acceptsCombined(analysis, kb.analyze(earlier, language), combined, config)) {
        notes.push('a follow-up: read with the earlier question');
        return { analysis: combined, text, readWith: earlier, notes };
      }
    }
  }
  if (!analysis.relevant) notes.push(`relevance gate: ${analysis.reason ?? 'not covered'}`);
  return { analysis, text: question, notes };
}
