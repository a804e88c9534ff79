import { execFileSync } from 'node:child_process';
import { mkdtemp, open, rm, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../test/http-client.js';
import { startTestApp, type TestApp } from '../test/start-app.js';

/** Writes zeros until the file system says it is full. */
async function fillDisk(path: string): Promise<void> {
  const file = await open(path, 'w');
  const block = Buffer.alloc(64 * 1024);
  try {
    for (;;) await file.write(block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    await file.close();
  }
}

/**
 * A real full disk: the data folder on a small tmpfs of its own (needs root, as on the CI
 * machine), filled up while the server runs.
 */
describe('the data folder’s disk is full', () => {
  let mountPoint: string;
  let running: TestApp;

  beforeAll(async () => {
    mountPoint = await mkdtemp(join(tmpdir(), 'supersteward-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint]);
    running = await startTestApp({ dataDir: join(mountPoint, 'data') });
  });
  afterAll(async () => {
    await running?.close();
    execFileSync('umount', [mountPoint]);
    await rmdir(mountPoint);
  });

  it('writes answer 503 with a clear JSON error, readiness says the store cannot write, and both recover', async () => {
    const http = httpClient(running.url);
    const visitor = await http.createVisitor();
    const ask = (question: string) => http.call('answer', { uuid: visitor, body: { question } });
    expect((await ask('Before the disk fills up?')).status).toBe(200);
    expect((await http.send('GET', '/readyz')).status).toBe(200);

    const filler = join(mountPoint, 'filler');
    await fillDisk(filler);
    const refused = [];
    // Enough writes to need new pages whatever SQLite had left over.
    for (let i = 0; i < 20; i += 1) {
      const sent = await ask(`Question ${i} ${'while the disk is full '.repeat(60)}`);
      if (sent.status !== 200) refused.push(sent);
    }
    expect(refused.length).toBeGreaterThan(0);
    for (const sent of refused) {
      expect(sent.status, sent.text).toBe(503);
      expect(sent.body).toEqual({ status_code: 503, detail: expect.stringMatching(/disk|space/i) });
      expect(Number(sent.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const ready = await http.send('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect((ready.body as { checks: Record<string, string> }).checks['store']).toMatch(
      /cannot write/,
    );

    await rm(filler);
    expect((await http.send('GET', '/readyz')).status).toBe(200);
    expect((await ask('After the disk has room again?')).status).toBe(200);
  });
});
