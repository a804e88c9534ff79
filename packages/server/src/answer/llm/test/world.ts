// TEMPORARY test double: replaced by the real knowledge index and retrieval engine once they land.
import { mkdtemp, mkdir, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import matter from 'gray-matter';
import type { Language } from '@supersteward/contract';
import type { AnswerEngine, EngineEvent } from '../../engine.js';
import type { KnowledgeIndex, Passage, ScoredPassage } from '../../knowledge/types.js';
import { ARTICLES } from './articles.js';

export interface World {
  index: KnowledgeIndex;
  fallback: AnswerEngine;
  close(): Promise<void>;
}

const words = (text: string) => new Set(text.toLowerCase().match(/\p{L}{3,}|\d+/gu) ?? []);

export async function createWorld(): Promise<World> {
  const dir = await mkdtemp(join(tmpdir(), 'llm-kb-'));
  const passages: Passage[] = [];
  for (const [path, text] of Object.entries(ARTICLES)) {
    const file = join(dir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
    const parsed = matter(await readFile(file, 'utf8'));
    const data = parsed.data as { id: string; lang: Language; title: string; url?: string };
    for (const section of parsed.content.split(/^## /m).slice(1)) {
      const [heading = '', ...body] = section.split('\n');
      passages.push({
        id: `${data.id}#${heading}`,
        articleId: data.id,
        language: data.lang,
        articleTitle: data.title,
        heading,
        text: body.join('\n').trim(),
        url: data.url,
      });
    }
  }
  const index: KnowledgeIndex = {
    detectLanguage(question, fallback) {
      const english = /\b(the|what|how|my|can|is|does|your)\b/i.test(question);
      const montenegrin = /\b(koliko|da li|mogu|je|šta|sta)\b/i.test(question);
      return english && !montenegrin ? 'en' : montenegrin && !english ? 'mne' : fallback;
    },
    search(question, { language, limit = 4 }) {
      const q = words(question);
      const scored: ScoredPassage[] = passages
        .filter((p) => p.language === language)
        .map((p) => {
          let score = 0;
          for (const w of words(`${p.articleTitle} ${p.heading} ${p.text}`)) if (q.has(w)) score++;
          return { ...p, score };
        })
        .filter((p) => p.score >= 2)
        .sort((a, b) => b.score - a.score);
      return scored.slice(0, limit);
    },
  };
  const fallback: AnswerEngine = {
    async *answer(request): AsyncGenerator<EngineEvent> {
      const language = index.detectLanguage(request.question, request.language);
      const [best] = index.search(request.question, { language, limit: 1 });
      if (!best) {
        yield {
          type: 'piece',
          text: 'I can not help with that; write to podrska@lovcenair.example.',
        };
        yield { type: 'end', sources: [] };
        return;
      }
      yield { type: 'piece', text: `${best.heading}. ` };
      yield { type: 'piece', text: best.text };
      yield {
        type: 'end',
        sources: [{ id: best.articleId, title: best.articleTitle, url: best.url }],
      };
    },
  };
  return { index, fallback, close: () => rm(dir, { recursive: true, force: true }) };
}
