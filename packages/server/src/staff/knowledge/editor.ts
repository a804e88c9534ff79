import type {
  ArticleChange,
  CheckReport,
  Language,
  ParsedArticle,
  RegressionQuestion,
  VersionFile,
} from '@supersteward/contract';
import { parseArticle } from '../../answer/knowledge/article.js';
import { KnowledgeError } from '../../answer/knowledge/errors.js';
import type { KnowledgeFiles } from '../../answer/knowledge/loader.js';
import type { KnowledgeEngine } from '../../answer/retrieval/engine.js';
import type { Database } from '../../db/open-database.js';
import { ApiError } from '../../http/api-error.js';
import type { LiveKnowledge, PublishedKnowledge } from './live-knowledge.js';
import { pinnedQuestions, runCheck, sampleQuestions, type Verdict } from './regression.js';

export const articlePath = (id: string, language: Language): string => `${language}/${id}.md`;

/** Reads one article as the loader would; the front matter's id must be the article's. */
export function parseChange(change: {
  id: string;
  language: Language;
  markdown: string;
}): ParsedArticle {
  const file = articlePath(change.id, change.language);
  const article = parseArticle(file, change.markdown, change.language);
  if (article.id !== change.id) {
    throw new KnowledgeError(file, `"id" is ${article.id} but the article is ${change.id}`);
  }
  return {
    id: article.id,
    language: article.language,
    title: article.title,
    tags: article.tags,
    synonyms: article.synonyms,
    questions: article.questions,
    url: article.url ?? null,
    effective_from: article.effectiveFrom ?? null,
    intro: article.intro,
    sections: article.sections.map((s) => ({ heading: s.heading, slug: s.slug, text: s.text })),
  };
}

/** A draft: the published files with the changes applied, and what each change does. */
export interface Draft {
  files: KnowledgeFiles;
  changes: Record<string, string | null>;
  versionFiles: VersionFile[];
}

export function applyChanges(base: KnowledgeFiles, changes: readonly ArticleChange[]): Draft {
  const files: Record<string, string> = { ...base };
  const changed: Record<string, string | null> = {};
  const versionFiles: VersionFile[] = [];
  const seen = new Set<string>();
  for (const change of changes) {
    const path = articlePath(change.id, change.language);
    if (seen.has(path)) throw new ApiError(400, `${path} is changed twice in one edit`);
    seen.add(path);
    if (change.markdown === null) {
      if (!(path in files)) throw new ApiError(404, `${path} does not exist`);
      delete files[path];
      changed[path] = null;
      versionFiles.push({ id: change.id, language: change.language, action: 'removed' });
      continue;
    }
    if (files[path] === change.markdown) continue;
    const action = path in files ? 'changed' : 'added';
    files[path] = change.markdown;
    changed[path] = change.markdown;
    versionFiles.push({ id: change.id, language: change.language, action });
  }
  return { files, changes: changed, versionFiles };
}

/** The changes that turn `from` into `to` (a restore). */
export function changesBetween(from: KnowledgeFiles, to: KnowledgeFiles): Draft {
  const changes: Record<string, string | null> = {};
  const versionFiles: VersionFile[] = [];
  const paths = new Set([...Object.keys(from), ...Object.keys(to)]);
  for (const path of [...paths].sort()) {
    if (from[path] === to[path]) continue;
    changes[path] = to[path] ?? null;
    const match = /^(mne|en)\/([a-z0-9-]+)\.md$/.exec(path);
    if (match) {
      versionFiles.push({
        id: match[2] ?? '',
        language: match[1] as Language,
        action: to[path] === undefined ? 'removed' : from[path] === undefined ? 'added' : 'changed',
      });
    }
  }
  return { files: { ...to }, changes, versionFiles };
}

/** The knowledge-base editor's parts: the live knowledge base, its regression questions. */
export interface KnowledgeEditor {
  live: LiveKnowledge;
  supportEmail: string;
  /** The airline's eval questions (KNOWLEDGE_EVAL_FILES). */
  evalQuestions: readonly RegressionQuestion[];
  database: Database;
  /** Every stored regression question of a knowledge base: eval, its samples, pinned. */
  questions(published: PublishedKnowledge, draft?: KnowledgeEngine): Promise<RegressionQuestion[]>;
  /** Builds the draft's engine (422 naming the file and the reason when one does not load). */
  buildDraft(files: KnowledgeFiles): KnowledgeEngine;
  check(published: PublishedKnowledge, draft: KnowledgeEngine): Promise<CheckReport>;
}

export function createKnowledgeEditor(input: {
  live: LiveKnowledge;
  database: Database;
  supportEmail: string;
  evalQuestions: readonly RegressionQuestion[];
}): KnowledgeEditor {
  let cache: { version: number; verdicts: Map<string, Verdict> } = {
    version: -1,
    verdicts: new Map(),
  };
  const editor: KnowledgeEditor = {
    ...input,
    async questions(published, draft) {
      const seen = new Set<string>();
      const all = [
        ...input.evalQuestions,
        ...sampleQuestions(published.engine),
        ...(draft ? sampleQuestions(draft) : []),
        ...(await pinnedQuestions(input.database)),
      ];
      return all.filter((q) => {
        const key = `${q.source}\u0000${q.language}\u0000${q.question}\u0000${q.expect.join(' ')}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
    buildDraft(files) {
      try {
        return input.live.build(files);
      } catch (error) {
        if (error instanceof KnowledgeError) throw new ApiError(422, error.message);
        throw error;
      }
    },
    async check(published, draft) {
      if (cache.version !== published.version) {
        cache = { version: published.version, verdicts: new Map() };
      }
      return runCheck({
        questions: await editor.questions(published, draft),
        before: published.engine,
        after: draft,
        supportEmail: input.supportEmail,
        beforeCache: cache.verdicts,
      });
    },
  };
  return editor;
}
