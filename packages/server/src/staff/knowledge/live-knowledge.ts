import type { Logger } from 'pino';
import type { AnswerEngine } from '../../answer/engine.js';
import { folderFiles, type KnowledgeFiles } from '../../answer/knowledge/loader.js';
import { watchFolder } from '../../answer/knowledge/watch.js';
import {
  createKnowledgeEngine,
  type Grounder,
  type KnowledgeEngine,
} from '../../answer/retrieval/engine.js';
import type { Database } from '../../db/open-database.js';
import {
  articleOfPath,
  createKnowledgeStore,
  VersionConflict,
  type KnowledgeStore,
} from './knowledge-store.js';

/** The knowledge base passengers are answered from: a published version and its engine. */
export interface PublishedKnowledge {
  version: number;
  files: KnowledgeFiles;
  engine: KnowledgeEngine;
}

export interface LiveKnowledgeOptions {
  database: Database;
  /** KNOWLEDGE_DIR: seeds an empty database; its changes are taken while the console was never used. */
  dir: string;
  airlineName: string;
  supportEmail: string;
  pieceDelayMs: number;
  logger: Logger;
  /** How often the database is asked for a version published by another instance. */
  pollMs: number;
  /** Watch `dir` for changes (default true). */
  watch?: boolean;
}

export interface LiveKnowledge {
  readonly store: KnowledgeStore;
  current(): PublishedKnowledge;
  /** The passengers' engine: always the current version's. */
  readonly engine: AnswerEngine;
  /** Grounding on the current version, for the language-model engine. */
  readonly grounder: Grounder;
  /** An engine over other files (a draft): throws a KnowledgeError for a malformed file. */
  build(files: KnowledgeFiles): KnowledgeEngine;
  /** Takes a newer published version from the database now, if there is one. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

function sameFiles(a: KnowledgeFiles, b: KnowledgeFiles): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * The knowledge base with the database as its source of truth: KNOWLEDGE_DIR seeds version 0 of
 * an empty database (a malformed file stops the start, as before); every instance answers from
 * the newest published version and polls for the next one, so a publish reaches passengers on
 * every instance without a restart. While nobody has published from the console, a change of
 * the folder is taken as a new version, as the folder's own watcher used to do.
 */
export async function openLiveKnowledge(options: LiveKnowledgeOptions): Promise<LiveKnowledge> {
  const { logger } = options;
  const store = createKnowledgeStore(options.database);
  const build = (files: KnowledgeFiles): KnowledgeEngine =>
    createKnowledgeEngine({
      files,
      airlineName: options.airlineName,
      supportEmail: options.supportEmail,
      pieceDelayMs: options.pieceDelayMs,
    });

  if ((await store.latest()) === undefined) {
    const files = await folderFiles(options.dir);
    const engine = build(files);
    for (const warning of engine.warnings) logger.warn(warning);
    if (await store.seed(files, Date.now())) {
      logger.info({ dir: options.dir }, 'knowledge base seeded into the database from files');
    }
  }

  const load = async (version: number): Promise<PublishedKnowledge> => {
    const files = await store.filesAt(version);
    if (!files) throw new Error(`knowledge version ${version} vanished`);
    return { version, files, engine: build(files) };
  };
  let current = await load((await store.latest()) ?? 0);
  logger.info(
    { version: current.version, articles: current.engine.kb.articles.length },
    'knowledge base indexed',
  );

  let refreshing: Promise<void> | undefined;
  const refresh = (): Promise<void> =>
    (refreshing ??= (async () => {
      try {
        const newest = await store.latest();
        if (newest === undefined || newest <= current.version) return;
        current = await load(newest);
        logger.info({ version: newest }, 'knowledge base version taken');
      } catch (error) {
        logger.error({ err: error }, 'newer knowledge base not taken: keeping the current one');
      } finally {
        refreshing = undefined;
      }
    })());

  const poll = setInterval(() => void refresh(), options.pollMs);
  poll.unref();

  const onFolderChange = async (): Promise<void> => {
    try {
      if (await store.editedInConsole()) {
        logger.warn(
          { dir: options.dir },
          'KNOWLEDGE_DIR changed, but the knowledge base is edited in the staff console: the change is not taken (export the console’s version with npm run admin -- export-knowledge)',
        );
        return;
      }
      const files = await folderFiles(options.dir);
      await refresh();
      if (sameFiles(files, current.files)) return;
      build(files);
      const changes: Record<string, string | null> = {};
      for (const [path, content] of Object.entries(files)) {
        if (current.files[path] !== content) changes[path] = content;
      }
      for (const path of Object.keys(current.files)) if (!(path in files)) changes[path] = null;
      await store.publish({
        base: current.version,
        changes,
        files: Object.keys(changes)
          .map((path) => {
            const file = articleOfPath(path);
            if (!file) return undefined;
            const action =
              changes[path] === null ? 'removed' : path in current.files ? 'changed' : 'added';
            return { ...file, action } as const;
          })
          .filter((f) => f !== undefined),
        publishedBy: null,
        summary: 'KNOWLEDGE_DIR changed',
        overrideReason: null,
        restoredFrom: null,
        check: null,
        now: Date.now(),
      });
      await refresh();
    } catch (error) {
      if (error instanceof VersionConflict) {
        // Another instance took the same change first.
        await refresh();
        return;
      }
      logger.error({ err: error }, 'knowledge base not re-indexed: keeping the previous index');
    }
  };
  // Files changed while the server was stopped are taken at start, the same way.
  await onFolderChange();
  const watcher =
    options.watch === false ? null : watchFolder(options.dir, () => void onFolderChange());
  await watcher?.refresh();

  return {
    store,
    current: () => current,
    engine: {
      answer: (request, signal) => current.engine.answer(request, signal),
    },
    grounder: {
      ground: (request) => current.engine.ground(request),
      compose: (grounding) => current.engine.compose(grounding),
    },
    build,
    refresh,
    async close() {
      clearInterval(poll);
      watcher?.close();
      await refreshing;
    },
  };
}
