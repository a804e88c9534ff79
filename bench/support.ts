import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const resultsDir = join(root, 'bench', 'results');

/** One line of a bench's summary: what was measured, the figure, its target, and whether met. */
export interface Verdict {
  measure: string;
  value: string;
  target: string;
  met: boolean | null;
}

/** Prints a Markdown table. */
export function printTable(title: string, header: string[], rows: (string | number)[][]): void {
  console.info(`\n${title}\n`);
  console.info(`| ${header.join(' | ')} |`);
  console.info(`| ${header.map(() => '---').join(' | ')} |`);
  for (const row of rows) console.info(`| ${row.join(' | ')} |`);
}

/** Writes bench/results/<name>.json (what `npm run bench` summarises). */
export async function writeResult(name: string, data: unknown): Promise<string> {
  await mkdir(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ name, at: new Date().toISOString(), ...(data as object) }, null, 2)}\n`,
  );
  return file;
}

export async function readResult<T>(name: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(join(resultsDir, `${name}.json`), 'utf8')) as T;
  } catch {
    return undefined;
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resident memory of the server process, from /proc. */
  rssBytes(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The V8 flags `npm start` runs the server with (package.json's start script is where they are
 * set): a bench measures the server, or its engine, as it runs.
 */
export function serverNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const start = /\bnode ((?:--[\w-]+=\S+ )*)packages\/server\/dist\/main\.js/.exec(
    pkg.scripts['start'] ?? '',
  );
  return (start?.[1] ?? '').trim().split(/\s+/).filter(Boolean);
}

/**
 * The production server (packages/server/dist/main.js, `npm run build` first) in a process of
 * its own, SQLite in a temp dir unless `env` says otherwise: the bench's clients do not share
 * its CPU or heap.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const main = join(root, 'packages/server/dist/main.js');
  if (!existsSync(main)) throw new Error('packages/server/dist is missing: run `npm run build`');
  const dataDir = await mkdtemp(join(tmpdir(), 'ss-bench-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), main], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CAPTCHA_PROVIDER: 'none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  child.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${log}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    async rssBytes() {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
      return Number(kb ?? 0) * 1024;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function inBatches<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/** Creates `count` visitors on `url`. */
export async function createVisitors(url: string, count: number): Promise<string[]> {
  return inBatches(Array.from({ length: count }), 50, async () => {
    const res = await fetch(`${url}/user/create_uuid`, { method: 'POST' });
    if (!res.ok) throw new Error(`create_uuid answered ${res.status}`);
    return ((await res.json()) as { id: string }).id;
  });
}
