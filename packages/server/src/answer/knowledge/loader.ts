import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { KNOWLEDGE_LANGUAGES as LANGUAGES } from './text.js';
import { parseArticle, type Article } from './article.js';
import { KnowledgeError } from './errors.js';

export interface LoadedKnowledge {
  articles: Article[];
  /** Problems that do not stop the start (an article without its other-language version). */
  warnings: string[];
}

async function markdownFiles(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && e.name.endsWith('.md') && !e.name.startsWith('.'))
      .map((e) => path.join(folder, e.name))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Reads `<dir>/mne/*.md` and `<dir>/en/*.md`. Throws a KnowledgeError naming the file and the
 * reason for the first article that cannot be used.
 */
export async function loadKnowledge(dir: string): Promise<LoadedKnowledge> {
  const articles: Article[] = [];
  const warnings: string[] = [];
  for (const language of LANGUAGES) {
    const byId = new Map<string, Article>();
    for (const file of await markdownFiles(path.join(dir, language))) {
      const article = parseArticle(file, await readFile(file, 'utf8'), language);
      const twin = byId.get(article.id);
      if (twin)
        throw new KnowledgeError(file, `duplicate id "${article.id}" (also in ${twin.file})`);
      byId.set(article.id, article);
      articles.push(article);
    }
    if (byId.size === 0) warnings.push(`${path.join(dir, language)}: no articles in this language`);
  }
  if (articles.length === 0) {
    throw new KnowledgeError(
      dir,
      `no articles: expected Markdown files in ${LANGUAGES.map((l) => `${l}/`).join(' and ')}`,
    );
  }
  for (const article of articles) {
    const other = articles.some((a) => a.id === article.id && a.language !== article.language);
    if (!other)
      warnings.push(`${article.file}: no version of "${article.id}" in the other language`);
  }
  return { articles, warnings };
}
