import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { KNOWLEDGE_LANGUAGES as LANGUAGES } from './text.js';
import { parseArticle, type Article } from './article.js';
import { DataFileError } from '../language/data-files.js';
import { parseAirlineLexicon, type AirlineLexicon } from '../lexicon/lexicon.js';
import { KnowledgeError } from './errors.js';
import { resolveSeeReferences } from './see-references.js';

/** The airline's lexicon file in each language folder, beside the articles. */
export const LEXICON_FILE = '_lexicon.yaml';

export interface LoadedKnowledge {
  articles: Article[];
  /** The airline's own words, per language (`<lang>/_lexicon.yaml`, each optional). */
  lexicon: AirlineLexicon;
  /** Problems that do not stop the start (an article without its other-language version). */
  warnings: string[];
}

/**
 * A knowledge folder's files as text, by path relative to the folder (`mne/pets-cabin.md`,
 * `en/_lexicon.yaml`): what `parseKnowledge` reads. Lets a draft knowledge base that lives in a
 * database be checked and tried without writing it to disk.
 */
export type KnowledgeFiles = Readonly<Record<string, string>>;

export async function folderFiles(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const language of LANGUAGES) {
    let names: string[];
    try {
      const entries = await readdir(path.join(dir, language), { withFileTypes: true });
      names = entries
        .filter((e) => e.isFile() && (e.name.endsWith('.md') || e.name === LEXICON_FILE))
        .filter((e) => !e.name.startsWith('.'))
        .map((e) => e.name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const name of names.sort())
      files[`${language}/${name}`] = await readFile(path.join(dir, language, name), 'utf8');
  }
  return files;
}

/**
 * Validates and parses a knowledge base given as files (see KnowledgeFiles); `dir` prefixes the
 * file names in errors and warnings. Throws a KnowledgeError naming the file and the reason for the
 * first article or lexicon that cannot be used.
 */
export function parseKnowledge(files: KnowledgeFiles, dir = ''): LoadedKnowledge {
  const articles: Article[] = [];
  const warnings: string[] = [];
  const lexicon: AirlineLexicon = {};
  const named = (relative: string) => (dir ? path.join(dir, relative) : relative);
  for (const language of LANGUAGES) {
    const lexiconText = files[`${language}/${LEXICON_FILE}`];
    if (lexiconText !== undefined) {
      const file = named(`${language}/${LEXICON_FILE}`);
      try {
        lexicon[language] = parseAirlineLexicon(file, lexiconText);
      } catch (error) {
        if (error instanceof DataFileError) throw new KnowledgeError(file, error.reason);
        throw error;
      }
    }
    const byId = new Map<string, Article>();
    const markdown = Object.keys(files)
      .filter((name) => name.startsWith(`${language}/`) && name.endsWith('.md'))
      .filter((name) => !name.slice(language.length + 1).includes('/'))
      .sort();
    for (const name of markdown) {
      const file = named(name);
      const article = parseArticle(file, files[name] ?? '', language);
      const twin = byId.get(article.id);
      if (twin)
        throw new KnowledgeError(file, `duplicate id "${article.id}" (also in ${twin.file})`);
      byId.set(article.id, article);
      articles.push(article);
    }
    if (byId.size === 0) warnings.push(`${named(language)}: no articles in this language`);
  }
  if (articles.length === 0) {
    throw new KnowledgeError(
      dir || '(knowledge)',
      `no articles: expected Markdown files in ${LANGUAGES.map((l) => `${l}/`).join(' and ')}`,
    );
  }
  resolveSeeReferences(articles);
  for (const article of articles) {
    const other = articles.some((a) => a.id === article.id && a.language !== article.language);
    if (!other)
      warnings.push(`${article.file}: no version of "${article.id}" in the other language`);
  }
  return { articles, lexicon, warnings };
}

/**
 * Reads `<dir>/mne/*.md` and `<dir>/en/*.md`, and each folder's `_lexicon.yaml`. Throws a
 * KnowledgeError naming the file and the reason for the first file that cannot be used.
 */
export async function loadKnowledge(dir: string): Promise<LoadedKnowledge> {
  return parseKnowledge(await folderFiles(dir), dir);
}
