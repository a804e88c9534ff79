import { Type, type Static } from '@sinclair/typebox';
import { Language } from '../common.js';
import { MessageStatus, Role, Sentiment, Source } from '../messages.js';
import { AnswerTrace } from '../trace.js';
import { AnswerOutcome, Day } from './overview.js';

/**
 * The engine's trace of an answer (decision, language, words, candidate sections with scores,
 * chosen sentences, notes), stored with each answer. Null for questions, for answers stored before
 * traces were kept, and for failed or interrupted answers.
 */
export const StaffTrace = Type.Union([AnswerTrace, Type.Null()]);

/** A visitor as staff see it: a short id derived from the visitor id, never the id itself. */
export const VisitorRef = Type.String({ description: 'short, stable id of the visitor (8 chars)' });

export const ConversationQuery = Type.Object(
  {
    /** Words searched in the questions and answers of the thread. */
    q: Type.Optional(Type.String({ maxLength: 200 })),
    from: Type.Optional(Day),
    to: Type.Optional(Day),
    /** Only threads with an answer of this outcome. */
    outcome: Type.Optional(AnswerOutcome),
    /** Only threads with feedback of this sentiment. */
    sentiment: Type.Optional(Type.Union([Type.Literal('positive'), Type.Literal('negative')])),
    /** Paging, newest first: the `next_before` of the previous page. */
    before: Type.Optional(Type.String({ maxLength: 128 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  },
  { additionalProperties: false },
);
export type ConversationQuery = Static<typeof ConversationQuery>;

export const ConversationSummary = Type.Object({
  thread_id: Type.String(),
  visitor: VisitorRef,
  name: Type.String(),
  /** ISO 8601. */
  created_at: Type.String(),
  updated_at: Type.String(),
  questions: Type.Integer({ minimum: 0 }),
  language: Type.Union([Language, Type.Null()]),
  /** A passenger gave an answer of it a thumbs-down. */
  has_negative_feedback: Type.Boolean(),
  /** An answer of it was out of scope or failed. */
  has_unanswered: Type.Boolean(),
});
export type ConversationSummary = Static<typeof ConversationSummary>;

export const ConversationPage = Type.Object({
  conversations: Type.Array(ConversationSummary),
  next_before: Type.Union([Type.String(), Type.Null()]),
});
export type ConversationPage = Static<typeof ConversationPage>;

export const StaffMessage = Type.Object({
  message_id: Type.String(),
  role: Role,
  content: Type.String(),
  /** ISO 8601. */
  created_at: Type.String(),
  status: MessageStatus,
  sentiment: Sentiment,
  /** The latest feedback comment on this answer, when one was given. */
  feedback_comment: Type.Union([Type.String(), Type.Null()]),
  sources: Type.Array(Source),
  /** Assistant messages only; null for questions. */
  outcome: Type.Union([AnswerOutcome, Type.Null()]),
  /** Question to finished answer, when recorded. */
  latency_ms: Type.Union([Type.Integer(), Type.Null()]),
  trace: StaffTrace,
});
export type StaffMessage = Static<typeof StaffMessage>;

export const ConversationParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
});
export type ConversationParams = Static<typeof ConversationParams>;

export const Conversation = Type.Object({
  thread_id: Type.String(),
  visitor: VisitorRef,
  name: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  messages: Type.Array(StaffMessage),
});
export type Conversation = Static<typeof Conversation>;
