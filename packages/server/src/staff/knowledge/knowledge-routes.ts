import { randomUUID } from 'node:crypto';
import {
  STAFF_ENDPOINTS,
  type AnswerOutcome,
  type ArticleChange,
  type ArticleDocument,
  type KnowledgeVersion,
  type Language,
  type PublishResponse,
} from '@supersteward/contract';
import { createTwoFilesPatch } from 'diff';
import type { FastifyRequest } from 'fastify';
import { KnowledgeError } from '../../answer/knowledge/errors.js';
import type { KnowledgeEngine } from '../../answer/retrieval/engine.js';
import { ApiError } from '../../http/api-error.js';
import { actorOf, staffOf } from '../http/staff-guard.js';
import { staffRoute, type StaffRouteContext } from '../http/staff-route.js';
import {
  applyChanges,
  articlePath,
  changesBetween,
  parseChange,
  type Draft,
  type KnowledgeEditor,
} from './editor.js';
import { VersionConflict } from './knowledge-store.js';
import { expectationOf } from './regression.js';

const LANGUAGES: readonly Language[] = ['mne', 'en'];

function outcomeOfDecision(decision: string | undefined): AnswerOutcome {
  if (decision === 'small_talk') return 'small_talk';
  if (decision === 'answer') return 'answered';
  return 'out_of_scope';
}

/** The knowledge-base editor: articles, validation, checked publish, history, try it, pins. */
export function registerKnowledgeRoutes(context: StaffRouteContext, editor: KnowledgeEditor): void {
  const { services, now } = context;
  const { audit } = services;
  const { live } = editor;

  /** The published knowledge base with the changes applied, its engine, and what changed. */
  const draftOf = (changes: readonly ArticleChange[]) => {
    const published = live.current();
    for (const change of changes) {
      if (change.markdown !== null) {
        try {
          parseChange({ ...change, markdown: change.markdown });
        } catch (error) {
          if (error instanceof KnowledgeError) throw new ApiError(422, error.message);
          throw error;
        }
      }
    }
    const draft = applyChanges(published.files, changes);
    return { published, draft, engine: editor.buildDraft(draft.files) };
  };

  /** Checks and publishes a draft: 409 with the report when it breaks answers and no admin overrides. */
  const publishChecked = async (
    request: FastifyRequest,
    input: {
      draft: Draft;
      engine: KnowledgeEngine;
      summary: string;
      overrideReason: string | undefined;
      restoredFrom: number | null;
    },
  ): Promise<PublishResponse> => {
    const session = staffOf(request);
    const actor = actorOf(request);
    if (input.overrideReason !== undefined && session.user.role !== 'admin') {
      throw new ApiError(403, 'Only an admin may publish over broken answers');
    }
    if (Object.keys(input.draft.changes).length === 0) {
      throw new ApiError(400, 'Nothing to publish: the edit changes no file');
    }
    const published = live.current();
    const check = await editor.check(published, input.engine);
    const summary = {
      total: check.total,
      passed_before: check.passed_before,
      passed_after: check.passed_after,
      broken: check.broken.length,
    };
    const target = input.draft.versionFiles.map((f) => `${f.language}/${f.id}`).join(', ');
    if (check.broken.length > 0 && input.overrideReason === undefined) {
      await audit.write({
        actor,
        action: 'kb.publish.refused',
        target,
        detail: { ...summary, broken_questions: check.broken.map((b) => b.question.id) },
        at: now(),
      });
      throw new ApiError(
        409,
        `Not published: ${check.broken.length} question(s) that were answered right would be answered wrong`,
        { check },
      );
    }
    let version: number;
    try {
      version = await live.store.publish({
        base: published.version,
        changes: input.draft.changes,
        files: input.draft.versionFiles,
        publishedBy: actor.email,
        summary: input.summary,
        overrideReason: check.broken.length > 0 ? (input.overrideReason ?? null) : null,
        restoredFrom: input.restoredFrom,
        check: summary,
        now: now(),
      });
    } catch (error) {
      if (error instanceof VersionConflict) {
        await live.refresh();
        throw new ApiError(
          409,
          `Version ${error.latest} was published meanwhile: reload it and check your edit again`,
          { check },
        );
      }
      throw error;
    }
    await live.refresh();
    const overridden = check.broken.length > 0;
    await audit.write({
      actor,
      action: overridden
        ? 'kb.publish.override'
        : input.restoredFrom === null
          ? 'kb.publish'
          : 'kb.restore',
      target,
      detail: {
        version,
        summary: input.summary,
        ...summary,
        ...(input.restoredFrom !== null && { restored_from: input.restoredFrom }),
        ...(overridden && {
          override_reason: input.overrideReason,
          broken_questions: check.broken.map((b) => b.question.id),
        }),
      },
      at: now(),
    });
    const stored = await live.store.version(version);
    if (!stored) throw new Error(`version ${version} not found after publishing`);
    return { version: stored, check };
  };

  staffRoute(context, STAFF_ENDPOINTS.knowledge, async () => {
    const published = live.current();
    const stored = await live.store.version(published.version);
    const byId = new Map<
      string,
      {
        mne: { title: string; version: number } | null;
        en: { title: string; version: number } | null;
      }
    >();
    const versions = await lastChanged(editor);
    for (const article of published.engine.kb.articles) {
      const entry = byId.get(article.id) ?? { mne: null, en: null };
      entry[article.language] = {
        title: article.title,
        version: versions.get(articlePath(article.id, article.language))?.version ?? 0,
      };
      byId.set(article.id, entry);
    }
    return {
      version: published.version,
      published_at: stored?.published_at ?? new Date(0).toISOString(),
      articles: [...byId.entries()]
        .sort((a, b) => a[0].localeCompare(b[0]))
        .map(([id, languages]) => ({ id, ...languages })),
    };
  });

  staffRoute(context, STAFF_ENDPOINTS.article, async ({ params }) => {
    const published = live.current();
    const versions = await lastChanged(editor);
    const documents = Object.fromEntries(
      LANGUAGES.map((language): [Language, ArticleDocument | null] => {
        const path = articlePath(params.id, language);
        const markdown = published.files[path];
        const article = published.engine.kb.articles.find(
          (a) => a.id === params.id && a.language === language,
        );
        if (markdown === undefined || !article) return [language, null];
        const last = versions.get(path);
        return [
          language,
          {
            language,
            markdown,
            title: article.title,
            version: last?.version ?? 0,
            updated_at: last?.published_at ?? new Date(0).toISOString(),
            updated_by: last?.published_by ?? null,
          },
        ];
      }),
    ) as Record<Language, ArticleDocument | null>;
    if (!documents.mne && !documents.en) throw new ApiError(404, `No article ${params.id}`);
    return { id: params.id, mne: documents.mne, en: documents.en };
  });

  staffRoute(context, STAFF_ENDPOINTS.validate, ({ body }) => {
    if (body.markdown === null) return { ok: true, error: null, article: null };
    try {
      return { ok: true, error: null, article: parseChange({ ...body, markdown: body.markdown }) };
    } catch (error) {
      if (error instanceof KnowledgeError)
        return { ok: false, error: error.message, article: null };
      throw error;
    }
  });

  staffRoute(context, STAFF_ENDPOINTS.check, async ({ body }) => {
    const { published, engine } = draftOf(body.changes);
    return editor.check(published, engine);
  });

  staffRoute(context, STAFF_ENDPOINTS.publish, async ({ body }, request) => {
    const { draft, engine } = draftOf(body.changes);
    return publishChecked(request, {
      draft,
      engine,
      summary: body.summary,
      overrideReason: body.override_reason,
      restoredFrom: null,
    });
  });

  staffRoute(context, STAFF_ENDPOINTS.versions, async () => live.store.versions());

  staffRoute(context, STAFF_ENDPOINTS.version, async ({ params }) => {
    const version = await live.store.version(params.version);
    if (!version) throw new ApiError(404, `No version ${params.version}`);
    const after = (await live.store.filesAt(params.version)) ?? {};
    const before =
      params.version === 0 ? {} : ((await live.store.filesAt(params.version - 1)) ?? {});
    const files = version.files.map((file) => {
      const path = articlePath(file.id, file.language);
      const a = before[path] ?? null;
      const b = after[path] ?? null;
      return {
        ...file,
        before: a,
        after: b,
        diff: createTwoFilesPatch(
          `a/${path}`,
          `b/${path}`,
          a ?? '',
          b ?? '',
          undefined,
          undefined,
          {
            context: 3,
          },
        ),
      };
    });
    return { version, files };
  });

  staffRoute(context, STAFF_ENDPOINTS.restore, async ({ params, body }, request) => {
    const target = await live.store.filesAt(params.version);
    if (!target) throw new ApiError(404, `No version ${params.version}`);
    const draft = changesBetween(live.current().files, target);
    return publishChecked(request, {
      draft,
      engine: editor.buildDraft(draft.files),
      summary: body.summary ?? `Restored version ${params.version}`,
      overrideReason: body.override_reason,
      restoredFrom: params.version,
    });
  });

  staffRoute(context, STAFF_ENDPOINTS.exportFiles, () => {
    const published = live.current();
    return {
      version: published.version,
      files: Object.entries(published.files)
        .sort((a, b) => a[0].localeCompare(b[0]))
        .map(([path, content]) => ({ path, content })),
    };
  });

  staffRoute(context, STAFF_ENDPOINTS.tryQuestion, ({ body }) => {
    const engine = body.changes ? draftOf(body.changes).engine : live.current().engine;
    const reply = engine.reply(body.question, body.language ?? 'mne');
    return {
      answer: reply.text,
      sources: reply.sources,
      outcome: outcomeOfDecision(reply.trace?.decision),
      language: reply.language,
      knowledge: body.changes ? ('draft' as const) : ('published' as const),
      trace: reply.trace ?? null,
    };
  });

  staffRoute(context, STAFF_ENDPOINTS.regression, async () => editor.questions(live.current()));

  staffRoute(context, STAFF_ENDPOINTS.pin, async ({ body }, request) => {
    const engine = body.changes ? draftOf(body.changes).engine : live.current().engine;
    const language = body.language ?? 'mne';
    const reply = engine.reply(body.question, language);
    const decision = reply.trace?.decision;
    if (decision === 'small_talk') {
      throw new ApiError(
        422,
        'Small talk has nothing to keep right: pin a question about a policy',
      );
    }
    const expect = expectationOf(reply, outcomeOfDecision(decision) === 'out_of_scope');
    const actor = actorOf(request);
    const at = now();
    const row = {
      id: `pin-${randomUUID()}`,
      question: body.question,
      language: reply.language,
      expect: JSON.stringify(expect),
      article_id: reply.sources[0]?.id ?? null,
      note: body.note ?? null,
      pinned_by: actor.email,
      pinned_at: at,
    };
    await editor.database.db.insertInto('regression_pins').values(row).execute();
    await audit.write({
      actor,
      action: 'kb.pin',
      target: row.id,
      detail: { question: body.question, language: row.language, expect },
      at,
    });
    return {
      id: row.id,
      source: 'pinned' as const,
      question: row.question,
      language: row.language,
      expect,
      article_id: row.article_id,
      note: row.note,
      pinned_by: row.pinned_by,
      pinned_at: new Date(at).toISOString(),
    };
  });

  staffRoute(context, STAFF_ENDPOINTS.unpin, async ({ params }, request) => {
    const row = await editor.database.db
      .selectFrom('regression_pins')
      .select(['id', 'question'])
      .where('id', '=', params.id)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, 'No such pinned question');
    await editor.database.db.deleteFrom('regression_pins').where('id', '=', params.id).execute();
    await audit.write({
      actor: actorOf(request),
      action: 'kb.unpin',
      target: row.id,
      detail: { question: row.question },
      at: now(),
    });
    return { deleted: 1 };
  });
}

/** For each file path, the version that last changed it. */
async function lastChanged(editor: KnowledgeEditor): Promise<Map<string, KnowledgeVersion>> {
  const versions = await editor.live.store.versions();
  const result = new Map<string, KnowledgeVersion>();
  // Newest first: the first version naming a path is the one that last changed it.
  for (const version of versions) {
    for (const file of version.files) {
      const path = articlePath(file.id, file.language);
      if (!result.has(path)) result.set(path, version);
    }
  }
  return result;
}
