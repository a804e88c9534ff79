import type { Logger } from 'pino';
import type { Language } from '@supersteward/contract';
import { buildKnowledgeBase, type KnowledgeBase } from './knowledge-index.js';
import { loadKnowledge } from './loader.js';
import { watchFolder } from './watch.js';

export interface LiveKnowledgeOptions {
  dir: string;
  logger: Logger;
  /** Rebuild the index when the folder changes (default true). */
  watch?: boolean;
  debounceMs?: number;
}

/** The knowledge base of a folder, kept current: `current` is swapped on every good reload. */
export interface LiveKnowledge {
  readonly current: KnowledgeBase;
  /** A KnowledgeBase that always answers from the current index (safe to hand out once). */
  readonly index: KnowledgeBase;
  /** Loads the folder now; keeps the current index and rethrows when an article is malformed. */
  reload(): Promise<KnowledgeBase>;
  close(): Promise<void>;
}

async function build(dir: string, logger: Logger): Promise<KnowledgeBase> {
  const { articles, lexicon, warnings } = await loadKnowledge(dir);
  for (const warning of warnings) logger.warn(warning);
  return buildKnowledgeBase(articles, { lexicon });
}

/**
 * Loads and indexes the knowledge folder (a malformed article rejects with a KnowledgeError naming
 * the file and the reason), then watches it: a change rebuilds the index; a malformed article
 * during a live reload is logged and the previous index stays in use.
 */
export async function openKnowledge(options: LiveKnowledgeOptions): Promise<LiveKnowledge> {
  const { dir, logger } = options;
  let current = await build(dir, logger);
  logger.info(
    { dir, articles: current.articles.length, passages: current.passages.length },
    'knowledge base indexed',
  );

  let reloading: Promise<KnowledgeBase> | null = null;
  let again = false;
  const reload = async (): Promise<KnowledgeBase> => {
    current = await build(dir, logger);
    return current;
  };
  const onChange = () => {
    if (reloading) {
      again = true;
      return;
    }
    reloading = reload()
      .then((kb) => {
        logger.info(
          { dir, articles: kb.articles.length, passages: kb.passages.length },
          'knowledge base re-indexed',
        );
        return kb;
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'knowledge base not re-indexed: keeping the previous index');
        return current;
      })
      .finally(() => {
        reloading = null;
        void watcher?.refresh();
        if (again) {
          again = false;
          onChange();
        }
      });
  };
  const watcher = options.watch === false ? null : watchFolder(dir, onChange, options.debounceMs);
  await watcher?.refresh();

  const index: KnowledgeBase = {
    get articles() {
      return current.articles;
    },
    get passages() {
      return current.passages;
    },
    get lexicon() {
      return current.lexicon;
    },
    get qualifying() {
      return current.qualifying;
    },
    get config() {
      return current.config;
    },
    get indexes() {
      return current.indexes;
    },
    analyze: (question: string, language: Language, focus?: string) =>
      current.analyze(question, language, focus),
    termsOf: (text: string, language: Language) => current.termsOf(text, language),
    languageBalance: (text: string) => current.languageBalance(text),
    lookup: (question: string, language: Language) => current.lookup(question, language),
    detectLanguage: (question, fallback) => current.detectLanguage(question, fallback),
    search: (question, searchOptions) => current.search(question, searchOptions),
  };

  return {
    get current() {
      return current;
    },
    index,
    reload,
    async close() {
      watcher?.close();
      await reloading;
    },
  };
}
