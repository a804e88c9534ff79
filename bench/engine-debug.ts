/** Prints how the index reads questions (words, stems, groups, coverage, best passages) and the reply:
 *   tsx bench/engine-debug.ts "question" …
 */
import path from 'node:path';
import { loadKnowledge } from '../packages/server/src/answer/knowledge/loader.js';
import { buildKnowledgeBase } from '../packages/server/src/answer/knowledge/knowledge-index.js';
import { replyTo } from '../packages/server/src/answer/retrieval/engine.js';
import { candidates } from '../packages/server/src/answer/retrieval/compose.js';
import { questionIntents } from '../packages/server/src/answer/retrieval/intents.js';
const arts = await loadKnowledge(path.resolve('knowledge'));
const kb = buildKnowledgeBase(arts.articles);
for (const q of process.argv.slice(2)) {
  const lang = kb.detectLanguage(q, 'mne');
  const a = kb.analyze(q, lang);
  console.info(
    `\n== ${q} [${lang}] bal=${kb.languageBalance(q)} cov=${a.coverage.toFixed(2)} rel=${a.relevant} idf0=${Math.log(1 + (kb.passages.length / 2 + 0.5) / 0.5).toFixed(2)}`,
  );
  for (const w of a.words)
    console.info(
      `  ${w.token} stems=${w.stems.join(',')} groups=${w.groups.join(',')} idf=${w.idf.toFixed(2)} known=${w.known} matched=${w.matched} name=${w.name}`,
    );
  for (const r of a.results.slice(0, 4))
    console.info(`  ${r.score.toFixed(1)} ${r.id} terms=${a.matchedTerms.get(r.id)?.join(',')}`);
  const asked = questionIntents(q);
  console.info(`  intents=${asked.map((i) => `${i.intent.name}:${i.weight}`).join(',')}`);
  if (a.relevant)
    for (const c of candidates(kb, a, asked).slice(0, 5))
      console.info(
        `  ${c.score.toFixed(2)} w=${c.wordScore.toFixed(2)} i=${c.intent} ${c.passage.id.slice(0, 40)} | ${c.sentence.slice(0, 90)}`,
      );
  console.info(
    '  -> ' + replyTo(kb, q, 'mne', { airlineName: 'X', supportEmail: 's@x' }).text.slice(0, 200),
  );
}
