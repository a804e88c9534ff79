import { execFileSync } from 'node:child_process';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http.js';
import { startTarget, type Target } from '../support/target.js';
import { client } from '../support/visitors.js';

/**
 * A small tmpfs of the test's own, where the machine lets it mount one (root on Linux); the
 * suite says why it skips anywhere else.
 */
async function mountTmpfs(
  sizeKb: number,
): Promise<{ dir: string; unmount(): Promise<void> } | string> {
  const dir = await mkdtemp(join(tmpdir(), 'ss-robust-disk-'));
  try {
    const options = `size=${sizeKb}k`;
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], {
      stdio: 'pipe',
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    return `cannot mount a tmpfs here (${String(error).split('\n')[0]})`;
  }
  return {
    dir,
    async unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Writes zeros into `path` until the file system is full; returns the bytes written. */
async function fill(path: string): Promise<number> {
  const file = await open(path, 'w');
  const block = Buffer.alloc(16 * 1024);
  let written = 0;
  try {
    for (;;) {
      try {
        written += (await file.write(block)).bytesWritten;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
        throw error;
      }
    }
    // Whatever a smaller write can still take.
    for (const size of [4096, 512, 1]) {
      try {
        for (;;) written += (await file.write(Buffer.alloc(size))).bytesWritten;
      } catch {
        // full at this size
      }
    }
  } finally {
    await file.close();
  }
  return written;
}

describe('a full disk', () => {
  let disk: Awaited<ReturnType<typeof mountTmpfs>>;
  let target: Target | undefined;
  beforeAll(async () => {
    disk = await mountTmpfs(8 * 1024);
  });
  afterAll(async () => {
    await target?.close().catch(() => undefined);
    if (typeof disk !== 'string') await disk.unmount();
  });

  it('answers writes with a clear 503, says so in /readyz, keeps the data, and recovers when space returns', async (context) => {
    if (typeof disk === 'string') {
      console.warn(`[robustness] full-disk case skipped: ${disk}`);
      context.skip();
      return;
    }
    target = await startTarget({ env: { DATA_DIR: disk.dir } });
    const http = client(target.url);
    const visitor = await http.createVisitor();
    const first = await http.ask(visitor, 'How much can my checked baggage weigh?');

    const filler = join(disk.dir, 'filler');
    const filled = await fill(filler);
    const before = await target.snapshot();
    const refused = await http.call('answer', {
      uuid: visitor,
      captcha: true,
      json: { question: 'Can I take my cat in the cabin?', thread_id: first.thread_id },
    });
    expect(refused.status, refused.text).toBe(503);
    expect(refused.body).toMatchObject({
      status_code: 503,
      detail: expect.stringMatching(/space|disk|storage/i),
    });
    const newcomer = await rawRequest(target.url, { method: 'POST', path: '/user/create_uuid' });
    expect(newcomer.status, newcomer.text).toBe(503);
    const ready = await rawRequest(target.url, { method: 'GET', path: '/readyz' });
    expect(ready.status).toBe(503);
    expect((ready.body as { checks: Record<string, string> }).checks['store']).not.toBe('ok');
    // Reads still work, and nothing half-written is visible.
    const history = await http.call('history', { params: { id: first.thread_id }, uuid: visitor });
    expect(history.status).toBe(200);
    expect(await target.snapshot()).toEqual(before);

    // Space returns: writes and readiness come back by themselves.
    await rm(filler);
    const again = await http.ask(visitor, 'Can I take my cat in the cabin?', {
      threadId: first.thread_id,
    });
    expect(again.all_messages).toHaveLength(4);
    expect((await rawRequest(target.url, { method: 'GET', path: '/readyz' })).status).toBe(200);
    const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
      target.database.db,
    );
    expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
    console.info(
      `[robustness] full disk (${(filled / 1024).toFixed(0)} KB filler on an 8 MB tmpfs): writes 503, /readyz 503, reads served, recovered when space returned, integrity ok`,
    );
  });
});
