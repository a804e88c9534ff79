import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../packages/server/src/main.ts', import.meta.url));

/** main.ts as its own process, the way a process manager runs it. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Every log line so far (pino JSON, parsed). */
  lines: Array<Record<string, unknown>>;
  /** Resolves with the exit code and signal, and when (ms since epoch). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** kill -9 (or any signal); resolves once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts main.ts with `env` only (plus PATH); resolves once it logged 'listening'. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Array<Record<string, unknown>> = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const line of complete) {
        let entry: Record<string, unknown>;
        try {
          entry = JSON.parse(line) as Record<string, unknown>;
        } catch {
          continue;
        }
        lines.push(entry);
        if (entry['msg'] === 'listening' && typeof entry['address'] === 'string')
          resolve(entry['address']);
      }
    });
    void exited.then(({ code }) =>
      reject(new Error(`server exited (${code}) before listening: ${stderr}`)),
    );
  });
  return {
    child,
    url,
    lines,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}
