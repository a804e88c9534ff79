import { Type, type Static } from '@sinclair/typebox';
import { Language } from './common.js';

/**
 * What the answer engine decided for a question: answered from the knowledge base, small talk,
 * a question about another airline, or out of scope (answered honestly with the support contact).
 */
export const AnswerDecision = Type.Union([
  Type.Literal('answer'),
  Type.Literal('small_talk'),
  Type.Literal('other_airline'),
  Type.Literal('out_of_scope'),
]);
export type AnswerDecision = Static<typeof AnswerDecision>;

export const Script = Type.Union([Type.Literal('latin'), Type.Literal('cyrillic')]);
export type Script = Static<typeof Script>;

/** A section the retriever considered, with its score (best first). */
export const TraceCandidate = Type.Object({
  /** `${articleId}#${sectionSlug}` */
  passage: Type.String(),
  heading: Type.String(),
  score: Type.Number(),
});
export type TraceCandidate = Static<typeof TraceCandidate>;

/** A sentence the extractive composer quoted, with its score. */
export const TraceSentence = Type.Object({
  passage: Type.String(),
  sentence: Type.String(),
  score: Type.Number(),
});
export type TraceSentence = Static<typeof TraceSentence>;

/** A content word of the question with the index terms it was searched as. */
export const TraceWord = Type.Object({
  token: Type.String(),
  expansions: Type.Array(Type.String()),
});
export type TraceWord = Static<typeof TraceWord>;

/**
 * How an answer was reached, kept with the stored answer for the airline's staff (never shown to
 * passengers). `npm run explain` prints the same trace.
 */
export const AnswerTrace = Type.Object({
  version: Type.Literal(1),
  decision: AnswerDecision,
  /** Which engine wrote the words: the extractive composer or a language model. */
  engine: Type.Union([Type.Literal('retrieval'), Type.Literal('llm')]),
  language: Language,
  script: Script,
  /** The earlier question a short follow-up was read together with, when it was. */
  readWith: Type.Optional(Type.String()),
  words: Type.Array(TraceWord),
  /** Share of the question's content weight the best article holds, 0..1. */
  coverage: Type.Number(),
  candidates: Type.Array(TraceCandidate),
  chosen: Type.Array(TraceSentence),
  /** Stage by stage notes (gate reasons, retries), in order. */
  notes: Type.Array(Type.String()),
});
export type AnswerTrace = Static<typeof AnswerTrace>;
