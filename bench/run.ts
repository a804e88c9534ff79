/**
 * `npm run bench`: builds when the build is missing, runs every bench of issue 11 one after the
 * other (each in its own process: http, streaming, idle-sockets, web), then prints one summary
 * of their verdicts from bench/results/*.json. Under 10 minutes on two cores.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { printTable, readResult, root, type Verdict } from './support.js';

const BENCHES: Array<{ name: string; args: string[] }> = [
  { name: 'http', args: ['3', '50', 'both', '3'] },
  { name: 'streaming', args: ['1000'] },
  { name: 'idle-sockets', args: ['10000'] },
  { name: 'web', args: [] },
];

const started = Date.now();
if (
  !existsSync(join(root, 'packages/server/dist/main.js')) ||
  !existsSync(join(root, 'packages/web/dist/index.html'))
) {
  spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
const failed: string[] = [];
for (const bench of BENCHES) {
  console.info(`\n=== bench/${bench.name}.ts ${bench.args.join(' ')}`);
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench', `${bench.name}.ts`), ...bench.args],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    },
  );
  if (run.status !== 0) failed.push(bench.name);
}

const rows: string[][] = [];
for (const bench of BENCHES) {
  const result = await readResult<{ verdicts?: Verdict[]; at?: string }>(bench.name);
  for (const v of result?.verdicts ?? []) {
    rows.push([
      bench.name,
      v.measure,
      v.value,
      v.target,
      v.met === null ? '–' : v.met ? 'met' : 'NOT met',
    ]);
  }
}
printTable(
  `Summary (${((Date.now() - started) / 60_000).toFixed(1)} min; JSON in bench/results/)`,
  ['bench', 'measure', 'value', 'target', ''],
  rows,
);
if (failed.length > 0) {
  console.error(`\nbenches that failed to run: ${failed.join(', ')}`);
  process.exitCode = 1;
}
