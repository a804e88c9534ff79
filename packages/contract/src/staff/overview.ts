import { Type, type Static } from '@sinclair/typebox';
import { Language } from '../common.js';

/** A calendar day in Europe/Podgorica (the airline's day, as the daily limits use). */
export const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/**
 * What became of a question: `answered` from the knowledge base, `out_of_scope` (not covered, or
 * about another airline: answered with the support contact), `small_talk` (greetings, thanks),
 * `failed` (the answer failed or was interrupted).
 */
export const AnswerOutcome = Type.Union([
  Type.Literal('answered'),
  Type.Literal('out_of_scope'),
  Type.Literal('small_talk'),
  Type.Literal('failed'),
]);
export type AnswerOutcome = Static<typeof AnswerOutcome>;

/** A date range, both days included; default the last 30 days up to today. */
export const DateRangeQuery = Type.Object(
  { from: Type.Optional(Day), to: Type.Optional(Day) },
  { additionalProperties: false },
);
export type DateRangeQuery = Static<typeof DateRangeQuery>;

export const OutcomeCounts = Type.Object({
  answered: Type.Integer({ minimum: 0 }),
  out_of_scope: Type.Integer({ minimum: 0 }),
  small_talk: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
});
export type OutcomeCounts = Static<typeof OutcomeCounts>;

export const DayCount = Type.Object({
  day: Day,
  questions: Type.Integer({ minimum: 0 }),
  outcomes: OutcomeCounts,
});
export type DayCount = Static<typeof DayCount>;

export const HourCount = Type.Object({
  /** Start of the hour, ISO 8601 (UTC). */
  hour: Type.String(),
  questions: Type.Integer({ minimum: 0 }),
});
export type HourCount = Static<typeof HourCount>;

export const CitedArticle = Type.Object({
  id: Type.String(),
  /** Title in the language most cited. */
  title: Type.String(),
  citations: Type.Integer({ minimum: 0 }),
});
export type CitedArticle = Static<typeof CitedArticle>;

/** Time from the question to the finished answer, over answers that have it recorded. */
export const LatencyStats = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  p50_ms: Type.Union([Type.Number(), Type.Null()]),
  p90_ms: Type.Union([Type.Number(), Type.Null()]),
  p99_ms: Type.Union([Type.Number(), Type.Null()]),
  mean_ms: Type.Union([Type.Number(), Type.Null()]),
});
export type LatencyStats = Static<typeof LatencyStats>;

export const Overview = Type.Object({
  from: Day,
  to: Day,
  questions: Type.Integer({ minimum: 0 }),
  /** Every day of the range, oldest first, zeros included. */
  per_day: Type.Array(DayCount),
  /** The 24 hours up to now, oldest first, zeros included. */
  last_day_per_hour: Type.Array(HourCount),
  outcomes: OutcomeCounts,
  feedback: Type.Object({
    positive: Type.Integer({ minimum: 0 }),
    negative: Type.Integer({ minimum: 0 }),
  }),
  /** Questions by the language they were answered in. */
  by_language: Type.Array(Type.Object({ language: Language, questions: Type.Integer() })),
  /** Most cited first, at most 10. */
  top_articles: Type.Array(CitedArticle),
  latency: LatencyStats,
});
export type Overview = Static<typeof Overview>;
