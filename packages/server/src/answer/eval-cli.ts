/**
 * Scores eval files (eval/README.md) against the retrieval engine:
 *   tsx packages/server/src/answer/eval-cli.ts eval/dev.jsonl [more.jsonl…] [--require-all]
 * --verbose prints every answer. KNOWLEDGE_DIR and SUPPORT_EMAIL are read as the server reads them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pino } from 'pino';
import { matches, parseEvalFile, type EvalCase, type EvalReply } from './eval/matchers.js';
import { createRetrievalEngine } from './retrieval/engine.js';
import type { Source } from '@supersteward/contract';

const args = process.argv.slice(2);
const requireAll = args.includes('--require-all');
// --verbose prints every answer, not only the failures.
const verbose = args.includes('--verbose');
const files = args.filter((a) => !a.startsWith('--'));
if (files.length === 0) {
  console.error('usage: eval-cli <file.jsonl>… [--require-all]');
  process.exit(2);
}

const supportEmail = process.env.SUPPORT_EMAIL || 'podrska@lovcenair.example';
const engine = await createRetrievalEngine({
  knowledgeDir: path.resolve(process.env.KNOWLEDGE_DIR || 'knowledge'),
  supportEmail,
  airlineName: process.env.AIRLINE_NAME || 'Lovćen Air',
  logger: pino({ level: 'warn' }),
  watch: false,
});

async function ask(testCase: EvalCase): Promise<EvalReply> {
  let content = '';
  let sources: Source[] = [];
  for await (const event of engine.answer(
    { question: testCase.question, history: [], language: testCase.lang },
    new AbortController().signal,
  )) {
    if (event.type === 'piece') content += event.text;
    else sources = event.sources;
  }
  return { content, sources };
}

let allPassed = true;
for (const file of files) {
  const cases = parseEvalFile(await readFile(file, 'utf8'), file);
  let passed = 0;
  let languageRight = 0;
  const failures: string[] = [];
  for (const testCase of cases) {
    const reply = await ask(testCase);
    const languageOf = (text: string) =>
      engine.index.detectLanguage(text, testCase.lang === 'mne' ? 'en' : 'mne');
    const ok = testCase.expect.every((e) =>
      matches(e, reply, testCase, { supportEmail, languageOf }),
    );
    if (languageOf(reply.content) === testCase.lang) languageRight++;
    if (ok) passed++;
    if (verbose && ok) {
      console.info(
        `✓ ${testCase.id} [${testCase.lang}] ${testCase.question}\n    ${reply.content}\n    sources: ${reply.sources.map((s) => s.id).join(', ') || '(none)'}`,
      );
    }
    if (!ok) {
      failures.push(
        `✗ ${testCase.id} [${testCase.lang}] ${testCase.question}\n    expected: ${testCase.expect.join(', ')}\n    answer:   ${reply.content}\n    sources:  ${reply.sources.map((s) => s.id).join(', ') || '(none)'}`,
      );
    }
  }
  console.info(`\n${file}`);
  for (const failure of failures) console.info(failure);
  console.info(`passed ${passed}/${cases.length}`);
  console.info(
    `answer language accuracy ${languageRight}/${cases.length} (${((100 * languageRight) / cases.length).toFixed(1)} %)`,
  );
  if (passed !== cases.length) allPassed = false;
}
await engine.close();
if (requireAll && !allPassed) process.exit(1);
