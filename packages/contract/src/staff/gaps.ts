import { Type, type Static } from '@sinclair/typebox';
import { Language } from '../common.js';
import { Day } from './overview.js';

export const GapsQuery = Type.Object(
  {
    from: Type.Optional(Day),
    to: Type.Optional(Day),
    /** `frequent` (default): biggest groups first; `newest`: latest question first. */
    sort: Type.Optional(Type.Union([Type.Literal('frequent'), Type.Literal('newest')])),
    language: Type.Optional(Language),
  },
  { additionalProperties: false },
);
export type GapsQuery = Static<typeof GapsQuery>;

export const GapExample = Type.Object({
  question: Type.String(),
  thread_id: Type.String(),
  /** The assistant message that did not answer it. */
  message_id: Type.String(),
  /** ISO 8601. */
  asked_at: Type.String(),
});
export type GapExample = Static<typeof GapExample>;

/** The article an edit would most likely belong to (one click to open it in the editor). */
export const ArticleRef = Type.Object({
  id: Type.String(),
  language: Language,
  title: Type.String(),
});
export type ArticleRef = Static<typeof ArticleRef>;

/** Unanswered questions that are alike (same content words after stemming and folding). */
export const GapGroup = Type.Object({
  /** Stable while the group's words stay the same. */
  key: Type.String(),
  /** The content words the group shares, e.g. ["bicikl", "cijen"]. */
  words: Type.Array(Type.String()),
  language: Language,
  count: Type.Integer({ minimum: 1 }),
  first_asked_at: Type.String(),
  last_asked_at: Type.String(),
  /** Up to 5, newest first. */
  examples: Type.Array(GapExample),
  /** The nearest article by the retriever's candidates, null when nothing came close. */
  nearest_article: Type.Union([ArticleRef, Type.Null()]),
});
export type GapGroup = Static<typeof GapGroup>;

/** An answer a passenger marked unhelpful. */
export const NegativeFeedback = Type.Object({
  message_id: Type.String(),
  thread_id: Type.String(),
  /** ISO 8601 of the feedback. */
  at: Type.String(),
  question: Type.String(),
  answer: Type.String(),
  comment: Type.Union([Type.String(), Type.Null()]),
  language: Type.Union([Language, Type.Null()]),
  /** The articles the answer cited (first one: where to fix it). */
  sources: Type.Array(ArticleRef),
});
export type NegativeFeedback = Static<typeof NegativeFeedback>;

export const Gaps = Type.Object({
  from: Day,
  to: Day,
  groups: Type.Array(GapGroup),
  /** Newest first, at most 100. */
  negative_feedback: Type.Array(NegativeFeedback),
});
export type Gaps = Static<typeof Gaps>;
