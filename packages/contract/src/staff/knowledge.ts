import { Type, type Static } from '@sinclair/typebox';
import { Language } from '../common.js';
import { Source } from '../messages.js';
import { StaffTrace } from './conversations.js';
import { AnswerOutcome } from './overview.js';
import { KB_LIMITS } from './constants.js';

export { KB_LIMITS } from './constants.js';

const MARKDOWN_MAX = KB_LIMITS.markdownMaxLength;
const CHANGES_MAX = KB_LIMITS.changesMax;
const SUMMARY_MAX = KB_LIMITS.summaryMaxLength;
const REASON_MIN = KB_LIMITS.overrideReasonMinLength;
const REASON_MAX = KB_LIMITS.overrideReasonMaxLength;

export const ArticleId = Type.String({
  minLength: 1,
  maxLength: 80,
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
});

/** One article file as the airline writes it: YAML front matter + Markdown (knowledge/README.md). */
export const ArticleChange = Type.Object(
  {
    id: ArticleId,
    language: Language,
    /** The whole file; null removes the article in this language. */
    markdown: Type.Union([Type.String({ minLength: 1, maxLength: MARKDOWN_MAX }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type ArticleChange = Static<typeof ArticleChange>;

/**
 * A draft: changes over the published knowledge base, kept by the editor (browser) until it is
 * checked and published. Each `id`+`language` at most once.
 */
export const Changes = Type.Array(ArticleChange, { minItems: 1, maxItems: CHANGES_MAX });

export const ArticleSummary = Type.Object({
  id: Type.String(),
  /** Per language, null when the article has no version in it. */
  mne: Type.Union([Type.Object({ title: Type.String(), version: Type.Integer() }), Type.Null()]),
  en: Type.Union([Type.Object({ title: Type.String(), version: Type.Integer() }), Type.Null()]),
});
export type ArticleSummary = Static<typeof ArticleSummary>;

export const KnowledgeState = Type.Object({
  /** The published version passengers are answered from (0: seeded from KNOWLEDGE_DIR files). */
  version: Type.Integer({ minimum: 0 }),
  published_at: Type.String(),
  articles: Type.Array(ArticleSummary),
});
export type KnowledgeState = Static<typeof KnowledgeState>;

export const ArticleParams = Type.Object({ id: ArticleId });
export type ArticleParams = Static<typeof ArticleParams>;

export const ArticleDocument = Type.Object({
  language: Language,
  markdown: Type.String(),
  title: Type.String(),
  /** The version that last changed it. */
  version: Type.Integer(),
  updated_at: Type.String(),
  /** E-mail of who published that version; null for the seed. */
  updated_by: Type.Union([Type.String(), Type.Null()]),
});
export type ArticleDocument = Static<typeof ArticleDocument>;

export const ArticleBothLanguages = Type.Object({
  id: Type.String(),
  mne: Type.Union([ArticleDocument, Type.Null()]),
  en: Type.Union([ArticleDocument, Type.Null()]),
});
export type ArticleBothLanguages = Static<typeof ArticleBothLanguages>;

export const ValidateRequest = ArticleChange;

export const ParsedSection = Type.Object({
  heading: Type.String(),
  slug: Type.String(),
  text: Type.String(),
});

/** The article as the loader reads it (what the engine will search). */
export const ParsedArticle = Type.Object({
  id: Type.String(),
  language: Language,
  title: Type.String(),
  tags: Type.Array(Type.String()),
  synonyms: Type.Array(Type.String()),
  questions: Type.Array(Type.String()),
  url: Type.Union([Type.String(), Type.Null()]),
  effective_from: Type.Union([Type.String(), Type.Null()]),
  intro: Type.String(),
  sections: Type.Array(ParsedSection),
});
export type ParsedArticle = Static<typeof ParsedArticle>;

/** `ok` false: `error` is the loader's reason, as it would stop a start. */
export const ValidateResponse = Type.Object({
  ok: Type.Boolean(),
  error: Type.Union([Type.String(), Type.Null()]),
  article: Type.Union([ParsedArticle, Type.Null()]),
});
export type ValidateResponse = Static<typeof ValidateResponse>;

/**
 * Where a regression question comes from: the airline's eval questions, an article's sample
 * questions, or a question staff marked "must stay right".
 */
export const RegressionSource = Type.Union([
  Type.Literal('eval'),
  Type.Literal('sample'),
  Type.Literal('pinned'),
]);
export type RegressionSource = Static<typeof RegressionSource>;

export const RegressionQuestion = Type.Object({
  id: Type.String(),
  source: RegressionSource,
  question: Type.String(),
  language: Language,
  /**
   * What a right answer holds, in the eval file's matcher syntax (`kg:8`, `eur:30`,
   * `source:pets-cabin` (the answer cites that article), `unknown`…; eval/README.md).
   */
  expect: Type.Array(Type.String()),
  /** The article it belongs to (samples, pinned answers' first source). */
  article_id: Type.Union([Type.String(), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  /** Pinned questions: who and when. */
  pinned_by: Type.Union([Type.String(), Type.Null()]),
  pinned_at: Type.Union([Type.String(), Type.Null()]),
});
export type RegressionQuestion = Static<typeof RegressionQuestion>;

export const RegressionList = Type.Array(RegressionQuestion);
export type RegressionList = Static<typeof RegressionList>;

export const RegressionResult = Type.Object({
  question: RegressionQuestion,
  answer_before: Type.String(),
  answer_after: Type.String(),
  /** Why the answer after the edit fails (the matchers that did not hold). */
  failures: Type.Array(Type.String()),
});
export type RegressionResult = Static<typeof RegressionResult>;

/** The regression run of an edit: every stored question, answered before and after. */
export const CheckReport = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  passed_before: Type.Integer({ minimum: 0 }),
  passed_after: Type.Integer({ minimum: 0 }),
  /** Passed before, fails after: these refuse a publish. */
  broken: Type.Array(RegressionResult),
  /** Failed before, passes after. */
  fixed: Type.Array(RegressionResult),
  /** The edit would be published (no regression), or an admin override is needed. */
  publishable: Type.Boolean(),
  duration_ms: Type.Integer({ minimum: 0 }),
});
export type CheckReport = Static<typeof CheckReport>;

export const CheckRequest = Type.Object({ changes: Changes }, { additionalProperties: false });
export type CheckRequest = Static<typeof CheckRequest>;

export const PublishRequest = Type.Object(
  {
    changes: Changes,
    /** What changed and why, kept in the history. */
    summary: Type.String({ minLength: 1, maxLength: SUMMARY_MAX }),
    /**
     * Admins only: publish although questions that passed before fail after; the reason is kept
     * in the history and the audit log.
     */
    override_reason: Type.Optional(Type.String({ minLength: REASON_MIN, maxLength: REASON_MAX })),
  },
  { additionalProperties: false },
);
export type PublishRequest = Static<typeof PublishRequest>;

export const VersionAction = Type.Union([
  Type.Literal('added'),
  Type.Literal('changed'),
  Type.Literal('removed'),
]);
export type VersionAction = Static<typeof VersionAction>;

export const VersionFile = Type.Object({
  id: Type.String(),
  language: Language,
  action: VersionAction,
});
export type VersionFile = Static<typeof VersionFile>;

export const KnowledgeVersion = Type.Object({
  version: Type.Integer({ minimum: 0 }),
  published_at: Type.String(),
  /** Null for the seed from files. */
  published_by: Type.Union([Type.String(), Type.Null()]),
  summary: Type.String(),
  files: Type.Array(VersionFile),
  override_reason: Type.Union([Type.String(), Type.Null()]),
  /** The version it restored, for a restore. */
  restored_from: Type.Union([Type.Integer(), Type.Null()]),
  check: Type.Union([
    Type.Object({
      total: Type.Integer(),
      passed_before: Type.Integer(),
      passed_after: Type.Integer(),
      broken: Type.Integer(),
    }),
    Type.Null(),
  ]),
});
export type KnowledgeVersion = Static<typeof KnowledgeVersion>;

export const KnowledgeVersionList = Type.Array(KnowledgeVersion);
export type KnowledgeVersionList = Static<typeof KnowledgeVersionList>;

export const VersionParams = Type.Object({ version: Type.Integer({ minimum: 0 }) });
export type VersionParams = Static<typeof VersionParams>;

export const VersionFileDiff = Type.Object({
  id: Type.String(),
  language: Language,
  action: VersionAction,
  before: Type.Union([Type.String(), Type.Null()]),
  after: Type.Union([Type.String(), Type.Null()]),
  /** Unified diff of before → after. */
  diff: Type.String(),
});
export type VersionFileDiff = Static<typeof VersionFileDiff>;

export const KnowledgeVersionDetail = Type.Object({
  version: KnowledgeVersion,
  files: Type.Array(VersionFileDiff),
});
export type KnowledgeVersionDetail = Static<typeof KnowledgeVersionDetail>;

/** Publish and restore: the new version, or 409 with the check when refused. */
export const PublishResponse = Type.Object({ version: KnowledgeVersion, check: CheckReport });
export type PublishResponse = Static<typeof PublishResponse>;

/** 409: the edit breaks answers that passed before (or 400: an article does not load). */
export const PublishRefusedBody = Type.Object({
  status_code: Type.Literal(409),
  detail: Type.String(),
  check: CheckReport,
});
export type PublishRefusedBody = Static<typeof PublishRefusedBody>;

export const RestoreRequest = Type.Object(
  {
    summary: Type.Optional(Type.String({ minLength: 1, maxLength: SUMMARY_MAX })),
    override_reason: Type.Optional(Type.String({ minLength: REASON_MIN, maxLength: REASON_MAX })),
  },
  { additionalProperties: false },
);
export type RestoreRequest = Static<typeof RestoreRequest>;

export const ExportResponse = Type.Object({
  version: Type.Integer(),
  /** `mne/<id>.md`, `en/<id>.md`: the layout of KNOWLEDGE_DIR. */
  files: Type.Array(Type.Object({ path: Type.String(), content: Type.String() })),
});
export type ExportResponse = Static<typeof ExportResponse>;

export const TryRequest = Type.Object(
  {
    question: Type.String({ minLength: 1, maxLength: 2000 }),
    /** The interface language a passenger would have (breaks ties). Default `mne`. */
    language: Type.Optional(Language),
    /** Answer from the published knowledge base with these draft changes applied. */
    changes: Type.Optional(Changes),
  },
  { additionalProperties: false },
);
export type TryRequest = Static<typeof TryRequest>;

export const TryResponse = Type.Object({
  answer: Type.String(),
  sources: Type.Array(Source),
  outcome: AnswerOutcome,
  language: Language,
  /** `draft` when changes were applied. */
  knowledge: Type.Union([Type.Literal('published'), Type.Literal('draft')]),
  trace: StaffTrace,
});
export type TryResponse = Static<typeof TryResponse>;

/**
 * Marks a question "must stay right": its answer now (from the published knowledge base, or with
 * the draft changes) becomes the expectation: the cited articles and the figures it gives.
 */
export const PinRequest = Type.Object(
  {
    question: Type.String({ minLength: 1, maxLength: 2000 }),
    language: Type.Optional(Language),
    changes: Type.Optional(Changes),
    note: Type.Optional(Type.String({ maxLength: 300 })),
  },
  { additionalProperties: false },
);
export type PinRequest = Static<typeof PinRequest>;

export const PinnedParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type PinnedParams = Static<typeof PinnedParams>;
