// `npm start` builds only when the build is missing or older than its sources, so a second start
// is fast (a fresh clone still builds once: README's `npm ci` then `npm start`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = [
  'packages/contract/dist/index.js',
  'packages/server/dist/main.js',
  'packages/web/dist/index.html',
].map((path) => join(root, path));
const inputs = ['package-lock.json', 'packages/contract', 'packages/server', 'packages/web'].map(
  (path) => join(root, path),
);
// Folders a build or a test run writes into.
const skipped = new Set(['node_modules', 'dist', 'coverage', 'stats', 'test-results']);

/** Newest modification time of a file or of every file under a folder (builds and deps left out). */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (skipped.has(entry.name)) continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}

const built = outputs.every((path) => existsSync(path))
  ? Math.min(...outputs.map((path) => statSync(path).mtimeMs))
  : 0;
const changed = Math.max(...inputs.map(newest));
if (built > changed) {
  console.info('Build is up to date; starting.');
} else {
  console.info(built === 0 ? 'No build yet: building once.' : 'Sources changed: building.');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
