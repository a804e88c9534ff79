import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** main.ts as its own process (through tsx), with `env` only (plus PATH). */
export function runMain(env: Record<string, string>): {
  exit: Promise<number | null>;
  stderr: () => string;
  stdout: () => string;
  kill: (signal: NodeJS.Signals) => void;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return {
    exit: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    stderr: () => err,
    stdout: () => out,
    kill: (signal) => child.kill(signal),
  };
}
