/**
 * Fits the engine's tuned numbers (config.ts, CALIBRATED) against the labelled development sets of
 * every sample airline the team may see (never a holdout set, never an unseen airline) and prints
 * the before/after table. One pass of coordinate search: each number in turn takes the value that
 * passes the most questions over all airlines together, less three for every out-of-scope
 * question answered with some policy, the current value winning ties.
 *
 *   npm run calibrate [-- --write]   (--write puts the result into config.ts)
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { format } from 'prettier';
import { SettingsReader } from '../settings/setting.js';
import { CALIBRATED, DEFAULT_CONFIG, getPath, withPath, type EngineConfig } from './config.js';
import { findSampleAirlines } from './eval/airlines.js';
import { matches, parseEvalFile, type EvalCase } from './eval/matchers.js';
import { buildKnowledgeBase } from './knowledge/knowledge-index.js';
import { loadKnowledge, type LoadedKnowledge } from './knowledge/loader.js';
import { replyTo } from './retrieval/engine.js';
import { AIRLINE_SETTINGS } from './settings.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CONFIG_FILE = fileURLToPath(new URL('./config.ts', import.meta.url));
const { values } = parseArgs({ options: { write: { type: 'boolean', default: false } } });

interface LabelledSet {
  airline: string;
  name: string;
  cases: EvalCase[];
  knowledge: LoadedKnowledge;
  airlineName: string;
  supportEmail: string;
}

const sets: LabelledSet[] = [];
for (const airline of await findSampleAirlines(ROOT)) {
  if (airline.unseen) continue;
  const settings = new SettingsReader({ ...airline.env, KNOWLEDGE_DIR: airline.knowledgeDir }).all(
    AIRLINE_SETTINGS,
  );
  const knowledge = await loadKnowledge(airline.knowledgeDir);
  for (const set of airline.sets) {
    if (set.holdout) continue;
    sets.push({
      airline: airline.id,
      name: set.name,
      cases: parseEvalFile(await readFile(set.file, 'utf8'), set.file),
      knowledge,
      airlineName: settings.airlineName,
      supportEmail: settings.supportEmail,
    });
  }
}

/** A set's outcome: questions passed, and out-of-scope questions answered with some policy. */
interface Outcome {
  passed: number;
  dishonest: number;
}

/**
 * What an out-of-scope question answered with an invented policy costs, in questions passed:
 * honesty first (the target is 100 %), so a number that buys two answers with one is refused.
 */
const DISHONEST_COST = 3;

/** Each set's outcome under a config. */
function score(config: EngineConfig): Outcome[] {
  const built = new Map<LoadedKnowledge, ReturnType<typeof buildKnowledgeBase>>();
  return sets.map((set) => {
    let kb = built.get(set.knowledge);
    if (!kb) {
      kb = buildKnowledgeBase(set.knowledge.articles, { lexicon: set.knowledge.lexicon, config });
      built.set(set.knowledge, kb);
    }
    const knowledge = kb;
    const context = { airlineName: set.airlineName, supportEmail: set.supportEmail };
    const failed = set.cases.filter((testCase) => {
      const reply = replyTo(knowledge, testCase.question, testCase.lang, context);
      const languageOf = (text: string) =>
        knowledge.detectLanguage(text, testCase.lang === 'mne' ? 'en' : 'mne');
      return !testCase.expect.every((e) =>
        matches(e, { content: reply.text, sources: reply.sources }, testCase, {
          supportEmail: set.supportEmail,
          languageOf,
        }),
      );
    });
    return {
      passed: set.cases.length - failed.length,
      dishonest: failed.filter((c) => c.expect.includes('unknown')).length,
    };
  });
}

const total = (scores: number[]) => scores.reduce((a, b) => a + b, 0);
const passedOf = (outcomes: Outcome[]) => total(outcomes.map((o) => o.passed));
const objective = (outcomes: Outcome[]) =>
  passedOf(outcomes) - DISHONEST_COST * total(outcomes.map((o) => o.dishonest));

const before = score(DEFAULT_CONFIG);
let config = DEFAULT_CONFIG;
let best = objective(before);
const changes: string[] = [];
for (const [path, candidates] of Object.entries(CALIBRATED)) {
  const current = getPath(config, path);
  let chosen = current;
  for (const value of candidates) {
    if (value === current) continue;
    const fit = objective(score(withPath(config, path, value)));
    if (fit > best) {
      best = fit;
      chosen = value;
    }
  }
  if (chosen !== current) {
    config = withPath(config, path, chosen);
    changes.push(`${path}: ${current} → ${chosen}`);
  }
  process.stderr.write(`${path} = ${chosen} (objective ${best})\n`);
}
const after = changes.length > 0 ? score(config) : before;

console.info('\nairline       set        questions   before    after');
sets.forEach((set, i) => {
  console.info(
    `${set.airline.padEnd(13)} ${set.name.padEnd(10)} ${String(set.cases.length).padStart(9)} ${String(before[i]?.passed).padStart(8)} ${String(after[i]?.passed).padStart(8)}`,
  );
});
const questions = total(sets.map((s) => s.cases.length));
console.info(
  `${'all'.padEnd(24)} ${String(questions).padStart(9)} ${String(passedOf(before)).padStart(8)} ${String(passedOf(after)).padStart(8)}`,
);
console.info(changes.length ? `\nchanged:\n  ${changes.join('\n  ')}` : '\nno number changed');

if (values.write && changes.length > 0) {
  const source = await readFile(CONFIG_FILE, 'utf8');
  const start = source.indexOf('// calibrated:start\n');
  const end = source.indexOf('// calibrated:end');
  if (start < 0 || end < 0) throw new Error(`${CONFIG_FILE}: calibrated markers not found`);
  const literal = `export const DEFAULT_CONFIG: EngineConfig = ${JSON.stringify(config, null, 2)};\n`;
  const updated =
    source.slice(0, start + '// calibrated:start\n'.length) + literal + source.slice(end);
  await writeFile(CONFIG_FILE, await format(updated, { filepath: CONFIG_FILE }));
  console.info(`written to ${CONFIG_FILE}`);
}
