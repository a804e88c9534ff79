/**
 * Answer latency of the retrieval engine against a plain MiniSearch lookup on the same index, over
 * the eval questions, in one run (ratios, not absolute claims: the machine sets the absolutes).
 * It runs with the V8 flags `npm start` gives the server (a larger young generation: fewer
 * scavenges, the pauses that make up the slowest answers); `--node-defaults` runs without them.
 *   npx tsx bench/engine-latency.ts [rounds=30] [--node-defaults]
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { parseEvalFile, type EvalCase } from '../packages/server/src/answer/eval/matchers.js';
import { createRetrievalEngine, replyTo } from '../packages/server/src/answer/retrieval/engine.js';
import { serverNodeFlags } from './support.js';

const defaults = process.argv.includes('--node-defaults');
const flags = defaults ? [] : serverNodeFlags();
if (flags.some((flag) => !process.execArgv.includes(flag))) {
  const run = spawnSync(
    process.execPath,
    [...flags, ...process.execArgv, ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  process.exit(run.status ?? 1);
}
const rounds = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 30);
const root = path.resolve(import.meta.dirname, '..');
const cases: EvalCase[] = [];
for (const file of ['eval/dev.jsonl', 'eval/extra.jsonl']) {
  cases.push(...parseEvalFile(await readFile(path.join(root, file), 'utf8'), file));
}

const engine = await createRetrievalEngine({
  knowledgeDir: path.join(root, 'knowledge'),
  supportEmail: 'podrska@lovcenair.example',
  airlineName: 'Lovćen Air',
  logger: pino({ level: 'warn' }),
  watch: false,
});
const kb = engine.index;
const context = { airlineName: 'Lovćen Air', supportEmail: 'podrska@lovcenair.example' };

async function streamed(c: EvalCase): Promise<void> {
  for await (const _event of engine.answer(
    { question: c.question, history: [], language: c.lang },
    new AbortController().signal,
  )) {
    // drain
  }
}

interface Row {
  name: string;
  samples: number[];
}
const rows: Row[] = [
  { name: 'plain MiniSearch lookup (same index)', samples: [] },
  { name: 'index search (analysis + relevance)', samples: [] },
  { name: 'answer composed (no streaming)', samples: [] },
  { name: 'answer streamed through the port', samples: [] },
];

async function measure(row: Row, run: () => unknown): Promise<void> {
  const started = performance.now();
  await run();
  row.samples.push(performance.now() - started);
}

// Warm-up: JIT and the term cache, as in a running server.
for (const c of cases) {
  kb.lookup(c.question, c.lang);
  replyTo(kb, c.question, c.lang, context);
  await streamed(c);
}
for (let round = 0; round < rounds; round++) {
  for (const c of cases) {
    const language = kb.detectLanguage(c.question, c.lang);
    await measure(rows[0]!, () => kb.lookup(c.question, language));
    await measure(rows[1]!, () => kb.search(c.question, { language }));
    await measure(rows[2]!, () => replyTo(kb, c.question, c.lang, context));
    await measure(rows[3]!, () => streamed(c));
  }
}
await engine.close();

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}
const base = rows[0]!.samples.toSorted((a, b) => a - b);
const baseP50 = quantile(base, 0.5);
const baseP99 = quantile(base, 0.99);
console.info(
  `${cases.length} questions × ${rounds} rounds, Node ${process.version}, V8 flags: ${flags.join(' ') || 'none'}`,
);
console.info(
  'what'.padEnd(40),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'p50 ×lookup'.padStart(12),
  'p99 ×lookup'.padStart(12),
);
for (const row of rows) {
  const sorted = row.samples.toSorted((a, b) => a - b);
  const p50 = quantile(sorted, 0.5);
  const p99 = quantile(sorted, 0.99);
  console.info(
    row.name.padEnd(40),
    p50.toFixed(3).padStart(8),
    p99.toFixed(3).padStart(8),
    (p50 / baseP50).toFixed(1).padStart(12),
    (p99 / baseP99).toFixed(1).padStart(12),
  );
}
