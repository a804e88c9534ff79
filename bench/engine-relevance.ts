/**
 * Relevance features of every question of eval files, to see how the in-scope and the
 * out-of-scope questions separate:
 *   tsx bench/engine-relevance.ts eval/dev.jsonl eval/extra.jsonl …
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseEvalFile } from '../packages/server/src/answer/eval/matchers.js';
import { buildKnowledgeBase } from '../packages/server/src/answer/knowledge/knowledge-index.js';
import { loadKnowledge } from '../packages/server/src/answer/knowledge/loader.js';

const { articles } = await loadKnowledge(path.resolve(process.env.KNOWLEDGE_DIR || 'knowledge'));
const kb = buildKnowledgeBase(articles);
for (const file of process.argv.slice(2)) {
  for (const c of parseEvalFile(await readFile(file, 'utf8'), file)) {
    const language = kb.detectLanguage(c.question, c.lang);
    const a = kb.analyze(c.question, language);
    const unknown = c.expect.includes('unknown');
    const oov = a.words.filter((w) => !w.known).map((w) => w.token);
    const matched = a.words.filter((w) => w.matched).map((w) => w.token);
    console.info(
      [
        unknown ? 'OUT' : 'in ',
        a.relevant ? 'rel' : '---',
        a.coverage.toFixed(2),
        (a.results[0]?.score ?? 0).toFixed(0).padStart(4),
        c.id.padEnd(12),
        `m=[${matched.join(' ')}] oov=[${oov.join(' ')}]`,
      ].join(' '),
    );
  }
}
