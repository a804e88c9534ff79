/**
 * Index build time for a large knowledge base: the bundled articles copied with new ids (and a
 * distinct word in every section) up to the given count, built once; wall and CPU time.
 *   npx tsx --conditions=source bench/index-build.ts [articles=500]
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Article } from '../packages/server/src/answer/knowledge/article.js';
import { buildKnowledgeBase } from '../packages/server/src/answer/knowledge/knowledge-index.js';
import { loadKnowledge } from '../packages/server/src/answer/knowledge/loader.js';

const count = Number(process.argv[2] ?? 500);
const root = path.resolve(import.meta.dirname, '..');
const { articles, lexicon } = await loadKnowledge(path.join(root, 'knowledge'));
const many: Article[] = [];
for (let copy = 0; many.length < count; copy++) {
  for (const article of articles) {
    if (many.length >= count) break;
    many.push({
      ...article,
      id: `${article.id}-${copy}`,
      sections: article.sections.map((s) => ({ ...s, text: `${s.text} Oznaka${copy}.` })),
    });
  }
}
const wall = performance.now();
const cpu = process.cpuUsage();
const kb = buildKnowledgeBase(many, { lexicon });
const used = process.cpuUsage(cpu);
console.info(
  `${many.length} articles (${kb.passages.length} sections): built in ${(performance.now() - wall).toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU, Node ${process.version}`,
);
