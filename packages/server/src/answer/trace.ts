import type { AnswerDecision, AnswerTrace, Language, Script } from '@supersteward/contract';
import type { QueryAnalysis } from './knowledge/knowledge-index.js';

/** Candidate sections kept in a trace: enough to see why the first one won. */
const TRACE_CANDIDATES = 5;

/** Scores rounded for reading; the trace is for people, not for recomputing. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The trace of one answer from the retriever's analysis of the question (when there was one). */
export function buildTrace(input: {
  decision: AnswerDecision;
  engine?: AnswerTrace['engine'];
  language: Language;
  script?: Script;
  analysis?: QueryAnalysis | undefined;
  readWith?: string | undefined;
  chosen?: AnswerTrace['chosen'];
  notes?: string[];
}): AnswerTrace {
  const { analysis } = input;
  const trace: AnswerTrace = {
    version: 1,
    decision: input.decision,
    engine: input.engine ?? 'retrieval',
    language: input.language,
    script: input.script ?? 'latin',
    words: (analysis?.words ?? []).map((w) => ({
      token: w.token,
      expansions: [...w.stems, ...w.groups],
    })),
    coverage: round(analysis?.coverage ?? 0),
    candidates: (analysis?.results ?? []).slice(0, TRACE_CANDIDATES).map((p) => ({
      passage: p.id,
      heading: p.heading,
      score: round(p.score),
    })),
    chosen: (input.chosen ?? []).map((c) => ({ ...c, score: round(c.score) })),
    notes: [...(input.notes ?? [])],
  };
  if (input.readWith !== undefined) trace.readWith = input.readWith;
  return trace;
}
