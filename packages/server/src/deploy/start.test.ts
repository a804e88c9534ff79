import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

describe('npm start', () => {
  it('starts the existing build without building again', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'supersteward-start-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn('npm', ['start'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const started = Date.now();
      let status: number | undefined;
      while (status !== 200 && Date.now() - started < 15_000) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status;
      }
      expect(status, output).toBe(200);
      expect(output).toContain('Build is up to date');
      expect(output).not.toMatch(/vite|tsc -p/);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
