import type { TSchema } from '@sinclair/typebox';
import { DeleteResponse } from '../api.js';
import type { HttpMethod } from '../paths.js';
import {
  AuditPage,
  AuditQuery,
  ChangePasswordRequest,
  CreateStaffUserRequest,
  LoginRequest,
  OkResponse,
  OneTimePasswordResponse,
  StaffSession,
  StaffUser,
  StaffUserList,
  StaffUserParams,
  UpdateStaffUserRequest,
  type StaffRole,
} from './access.js';
import {
  Conversation,
  ConversationPage,
  ConversationParams,
  ConversationQuery,
} from './conversations.js';
import { Gaps, GapsQuery } from './gaps.js';
import {
  ArticleBothLanguages,
  ArticleParams,
  CheckReport,
  CheckRequest,
  ExportResponse,
  KnowledgeState,
  KnowledgeVersionDetail,
  KnowledgeVersionList,
  PinnedParams,
  PinRequest,
  PublishRefusedBody,
  PublishRequest,
  PublishResponse,
  RegressionList,
  RegressionQuestion,
  RestoreRequest,
  TryRequest,
  TryResponse,
  ValidateRequest,
  ValidateResponse,
  VersionParams,
} from './knowledge.js';
import { Notice, NoticeInput, NoticeList, NoticeParams, PublicNoticeList } from './notices.js';
import { DateRangeQuery, Overview } from './overview.js';

/** Prefix of every staff API path (the staff pages themselves live under /admin). */
export const STAFF_API_PREFIX = '/api/staff';

export type { HttpMethod } from '../paths.js';

/**
 * One staff endpoint. `role` null: no session needed (login, the public notices). Every call but
 * GET needs the session's CSRF token in `x-csrf-token` (login excepted: it has no session yet).
 */
export interface StaffEndpoint {
  method: HttpMethod;
  path: string;
  role: StaffRole | null;
  summary: string;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  response: TSchema;
  /** Error statuses besides 400 (bad input), 401 (no session), 403 (role, CSRF). */
  errors: readonly number[];
  /** Error bodies with more than `{status_code, detail}`. */
  errorBodies?: Readonly<Partial<Record<number, TSchema>>>;
}

/** What a publish answers, and a restore too: it is checked and published like one. */
const PUBLISHED = {
  response: PublishResponse,
  errorBodies: { 409: PublishRefusedBody },
} as const;

export const STAFF_ENDPOINTS = {
  login: {
    method: 'POST',
    path: '/api/staff/login',
    role: null,
    summary: 'Sign in: sets a new session cookie (rotated) and returns the CSRF token',
    body: LoginRequest,
    response: StaffSession,
    errors: [401, 429],
  },
  logout: {
    method: 'POST',
    path: '/api/staff/logout',
    role: 'viewer',
    summary: 'Sign out: ends the session and clears the cookie',
    response: OkResponse,
    errors: [],
  },
  me: {
    method: 'GET',
    path: '/api/staff/me',
    role: 'viewer',
    summary: 'The signed-in staff member and the CSRF token (401 without a live session)',
    response: StaffSession,
    errors: [],
  },
  changePassword: {
    method: 'POST',
    path: '/api/staff/me/password',
    role: 'viewer',
    summary: "Replace one's own password; ends every other session of the account",
    body: ChangePasswordRequest,
    response: OkResponse,
    errors: [429],
  },

  listUsers: {
    method: 'GET',
    path: '/api/staff/users',
    role: 'admin',
    summary: 'Staff accounts',
    response: StaffUserList,
    errors: [],
  },
  createUser: {
    method: 'POST',
    path: '/api/staff/users',
    role: 'admin',
    summary: 'Create an account; its one-time password is returned once',
    body: CreateStaffUserRequest,
    response: OneTimePasswordResponse,
    errors: [409],
  },
  updateUser: {
    method: 'PATCH',
    path: '/api/staff/users/:id',
    role: 'admin',
    summary: 'Change role, disable / enable, unlock an account',
    params: StaffUserParams,
    body: UpdateStaffUserRequest,
    response: StaffUser,
    errors: [404, 409],
  },
  resetPassword: {
    method: 'POST',
    path: '/api/staff/users/:id/reset-password',
    role: 'admin',
    summary: "Give an account a new one-time password; ends the account's sessions",
    params: StaffUserParams,
    response: OneTimePasswordResponse,
    errors: [404],
  },
  audit: {
    method: 'GET',
    path: '/api/staff/audit',
    role: 'admin',
    summary: 'The audit log, newest first',
    query: AuditQuery,
    response: AuditPage,
    errors: [],
  },

  overview: {
    method: 'GET',
    path: '/api/staff/overview',
    role: 'viewer',
    summary: 'Questions, outcomes, feedback, languages, cited articles and latency over a range',
    query: DateRangeQuery,
    response: Overview,
    errors: [],
  },
  gaps: {
    method: 'GET',
    path: '/api/staff/gaps',
    role: 'viewer',
    summary: 'Unanswered questions grouped by similarity, and thumbs-down answers',
    query: GapsQuery,
    response: Gaps,
    errors: [],
  },
  conversations: {
    method: 'GET',
    path: '/api/staff/conversations',
    role: 'viewer',
    summary: 'Search threads, newest first',
    query: ConversationQuery,
    response: ConversationPage,
    errors: [],
  },
  conversation: {
    method: 'GET',
    path: '/api/staff/conversations/:id',
    role: 'viewer',
    summary: 'One thread with every answer’s sources and retrieval trace',
    params: ConversationParams,
    response: Conversation,
    errors: [404],
  },

  knowledge: {
    method: 'GET',
    path: '/api/staff/kb',
    role: 'viewer',
    summary: 'The published knowledge base: version and articles per language',
    response: KnowledgeState,
    errors: [],
  },
  article: {
    method: 'GET',
    path: '/api/staff/kb/articles/:id',
    role: 'viewer',
    summary: 'One article in both languages (Markdown with front matter)',
    params: ArticleParams,
    response: ArticleBothLanguages,
    errors: [404],
  },
  validate: {
    method: 'POST',
    path: '/api/staff/kb/validate',
    role: 'viewer',
    summary: 'Read an article as the loader would (errors, sections) without saving anything',
    body: ValidateRequest,
    response: ValidateResponse,
    errors: [],
  },
  check: {
    method: 'POST',
    path: '/api/staff/kb/check',
    role: 'editor',
    summary: 'Run the regression questions against the published and the edited knowledge base',
    body: CheckRequest,
    response: CheckReport,
    errors: [422],
  },
  publish: {
    method: 'POST',
    path: '/api/staff/kb/publish',
    role: 'editor',
    summary:
      'Publish changes after the check: 409 with the broken questions unless an admin gives override_reason',
    body: PublishRequest,
    ...PUBLISHED,
    errors: [409, 422],
  },
  versions: {
    method: 'GET',
    path: '/api/staff/kb/versions',
    role: 'viewer',
    summary: 'Every published version, newest first',
    response: KnowledgeVersionList,
    errors: [],
  },
  version: {
    method: 'GET',
    path: '/api/staff/kb/versions/:version',
    role: 'viewer',
    summary: 'One version with each file before, after and as a diff',
    params: VersionParams,
    response: KnowledgeVersionDetail,
    errors: [404],
  },
  restore: {
    method: 'POST',
    path: '/api/staff/kb/versions/:version/restore',
    role: 'editor',
    summary: 'Publish the knowledge base as it was at that version (checked like a publish)',
    params: VersionParams,
    body: RestoreRequest,
    ...PUBLISHED,
    errors: [404, 409],
  },
  exportFiles: {
    method: 'GET',
    path: '/api/staff/kb/export',
    role: 'viewer',
    summary: 'The published knowledge base as KNOWLEDGE_DIR files',
    response: ExportResponse,
    errors: [],
  },
  tryQuestion: {
    method: 'POST',
    path: '/api/staff/kb/try',
    role: 'viewer',
    summary:
      'Answer a question as a passenger would, from the published or the draft knowledge base',
    body: TryRequest,
    response: TryResponse,
    errors: [422],
  },
  regression: {
    method: 'GET',
    path: '/api/staff/kb/regression',
    role: 'viewer',
    summary: 'The stored regression questions: eval, article samples, pinned',
    response: RegressionList,
    errors: [],
  },
  pin: {
    method: 'POST',
    path: '/api/staff/kb/pinned',
    role: 'editor',
    summary: 'Mark a question "must stay right" with its answer now as the expectation',
    body: PinRequest,
    response: RegressionQuestion,
    errors: [422],
  },
  unpin: {
    method: 'DELETE',
    path: '/api/staff/kb/pinned/:id',
    role: 'editor',
    summary: 'Remove a "must stay right" question',
    params: PinnedParams,
    response: DeleteResponse,
    errors: [404],
  },

  notices: {
    method: 'GET',
    path: '/api/staff/notices',
    role: 'viewer',
    summary: 'Every notice: scheduled, active and expired',
    response: NoticeList,
    errors: [],
  },
  createNotice: {
    method: 'POST',
    path: '/api/staff/notices',
    role: 'editor',
    summary: 'Post a time-boxed notice in both languages',
    body: NoticeInput,
    response: Notice,
    errors: [],
  },
  updateNotice: {
    method: 'PATCH',
    path: '/api/staff/notices/:id',
    role: 'editor',
    summary: 'Change a notice (end it early by setting ends_at to now)',
    params: NoticeParams,
    body: NoticeInput,
    response: Notice,
    errors: [404],
  },
  deleteNotice: {
    method: 'DELETE',
    path: '/api/staff/notices/:id',
    role: 'editor',
    summary: 'Remove a notice',
    params: NoticeParams,
    response: DeleteResponse,
    errors: [404],
  },
} as const satisfies Record<string, StaffEndpoint>;

export type StaffEndpointName = keyof typeof STAFF_ENDPOINTS;

/** The passengers' endpoint of the active notices (no session, no visitor id). */
export const PUBLIC_NOTICES_ENDPOINT = {
  method: 'GET',
  path: '/api/notices',
  summary: 'Notices active now, both languages (shown as a banner in the chat)',
  response: PublicNoticeList,
} as const;

export { fillPath } from '../paths.js';
