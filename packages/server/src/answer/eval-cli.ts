/**
 * Scores the answer engine on the question sets of every sample airline (eval/README.md) and
 * prints one table: airline × language × set.
 *
 *   tsx packages/server/src/answer/eval-cli.ts [--require-all] [--airline id]… [--set name]…
 *       [--failures] [--verbose]
 *   tsx packages/server/src/answer/eval-cli.ts some/file.jsonl…   (only these files)
 *
 * An airline is a folder of question files with an `eval.json` (eval/ for the bundled knowledge/,
 * knowledge-samples/<airline>/eval/ for the others). --require-all exits 1 unless every set an
 * `eval.json` lists as required passes (in full, or its `pass_share`). Failures are printed for development sets;
 * holdouts and unseen airlines only with --failures, so nobody tunes on them by accident.
 * A file outside such a folder is scored against the knowledge base the server's settings
 * (KNOWLEDGE_DIR, AIRLINE_NAME, SUPPORT_EMAIL) point at.
 */
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { SettingsReader } from '../settings/setting.js';
import { AIRLINE_SETTINGS } from './settings.js';
import {
  findSampleAirlines,
  readSampleAirline,
  MANIFEST,
  type SampleAirline,
} from './eval/airlines.js';
import { parseEvalFile } from './eval/matchers.js';
import { engineScorer } from './eval/engine-scorer.js';
import { describeResult, scoreCases } from './eval/score.js';
import { formatTable, type TableRow } from './eval/table.js';
import { createRetrievalEngine } from './retrieval/engine.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const { values: options, positionals: files } = parseArgs({
  allowPositionals: true,
  options: {
    'require-all': { type: 'boolean', default: false },
    airline: { type: 'string', multiple: true },
    set: { type: 'string', multiple: true },
    failures: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** The airlines to score: all of them, or those owning the files named on the command line. */
async function selectAirlines(): Promise<SampleAirline[]> {
  if (files.length === 0) {
    const all = await findSampleAirlines(ROOT);
    const wanted = options.airline;
    if (wanted) {
      const unknown = wanted.filter((id) => !all.some((a) => a.id === id));
      if (unknown.length > 0)
        throw new Error(
          `no sample airline ${unknown.join(', ')} (${all.map((a) => a.id).join(', ')})`,
        );
    }
    return all
      .filter((a) => !wanted || wanted.includes(a.id))
      .map((a) => ({
        ...a,
        sets: a.sets.filter((s) => !options.set || options.set.includes(s.name)),
      }));
  }
  // Each named file with the airline whose folder it is in; a loose file is required to pass.
  const byDir = new Map<string, { airline: SampleAirline; known: SampleAirline | null }>();
  for (const file of files.map((f) => path.resolve(f))) {
    const dir = path.dirname(file);
    let entry = byDir.get(dir);
    if (!entry) {
      const known = (await exists(path.join(dir, MANIFEST))) ? await readSampleAirline(dir) : null;
      entry = { airline: { ...(known ?? fromServerSettings()), sets: [] }, known };
      byDir.set(dir, entry);
    }
    const set = entry.known?.sets.find((s) => s.file === file);
    entry.airline.sets.push(
      set ?? {
        name: path.basename(file, '.jsonl'),
        file,
        required: true,
        passShare: 1,
        holdout: false,
      },
    );
  }
  return [...byDir.values()].map((e) => e.airline);
}

/** The airline's settings as the server reads them: same names, defaults and checks. */
function airlineSettings(env: Record<string, string | undefined>) {
  return new SettingsReader(env).all(AIRLINE_SETTINGS);
}

/** A file outside any sample airline: the knowledge base and names the server would use. */
function fromServerSettings(): SampleAirline {
  const settings = airlineSettings(process.env);
  return {
    id: path.basename(settings.knowledgeDir),
    knowledgeDir: settings.knowledgeDir,
    env: {},
    unseen: false,
    sets: [],
  };
}

async function scorerFor(airline: SampleAirline) {
  // The airline's own settings over the server's defaults, never the caller's environment:
  // each sample airline is scored as it would run.
  const settings = airlineSettings({ ...airline.env, KNOWLEDGE_DIR: airline.knowledgeDir });
  const engine = await createRetrievalEngine({
    knowledgeDir: settings.knowledgeDir,
    supportEmail: settings.supportEmail,
    airlineName: settings.airlineName,
    logger: pino({ level: 'warn' }),
    watch: false,
  });
  const scorer = engineScorer(engine, settings.supportEmail);
  return { scorer, close: () => engine.close() };
}

const rows: TableRow[] = [];
const totals: TableRow[] = [];
const unmet: string[] = [];
for (const airline of await selectAirlines()) {
  if (airline.sets.length === 0) continue;
  const { scorer, close } = await scorerFor(airline);
  try {
    for (const set of airline.sets) {
      const results = await scoreCases(
        parseEvalFile(await readFile(set.file, 'utf8'), set.file),
        scorer,
      );
      const shown = results.filter(
        (r) =>
          options.verbose || (!r.passed && (options.failures || !(set.holdout || airline.unseen))),
      );
      if (shown.length > 0) {
        console.info(`\n${airline.id} · ${set.name} (${path.relative(ROOT, set.file)})`);
        for (const result of shown) console.info(describeResult(result));
      }
      const hidden =
        results.filter((r) => !r.passed).length - shown.filter((r) => !r.passed).length;
      if (hidden > 0)
        console.info(
          `\n${airline.id} · ${set.name}: ${hidden} failure(s) not shown (--failures shows them)`,
        );
      const note = set.required
        ? set.passShare < 1
          ? `required ≥ ${Math.round(set.passShare * 100)} %`
          : 'required'
        : airline.unseen
          ? 'unseen'
          : '';
      for (const language of ['mne', 'en'] as const) {
        const some = results.filter((r) => r.testCase.lang === language);
        if (some.length > 0)
          rows.push({ airline: airline.id, language, set: set.name, note, results: some });
      }
      totals.push({ airline: airline.id, language: 'both', set: set.name, note, results });
      const passed = results.filter((r) => r.passed).length;
      // (less a hair, so 0.9 of 70 asks for 63, not 64 through rounding)
      if (set.required && passed < Math.ceil(set.passShare * results.length - 1e-9)) {
        unmet.push(`${airline.id} ${set.name}: ${results.length - passed} failed`);
      }
    }
  } finally {
    await close();
  }
}

console.info(`\n${formatTable(rows)}`);
console.info(`\nboth languages together\n${formatTable(totals)}`);
if (options['require-all']) {
  if (unmet.length > 0) {
    console.info(`\nrequired sets not passed: ${unmet.join('; ')}`);
    process.exit(1);
  }
  console.info('\nevery required set passed');
}
