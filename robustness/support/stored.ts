import { expect } from 'vitest';
import type { Database } from '../../packages/server/src/db/open-database.js';

/** Every question that got a 200 is stored, in its thread, followed by its complete answer. */
export async function expectEveryAnsweredQuestionStored(
  database: Database,
  answered: Array<{ threadId: string; question: string }>,
): Promise<void> {
  const rows = await database.db
    .selectFrom('messages')
    .select(['thread_id', 'role', 'content', 'status'])
    .orderBy('seq')
    .execute();
  for (const { threadId, question } of answered) {
    const thread = rows.filter((row) => row.thread_id === threadId);
    const at = thread.findIndex((row) => row.role === 'user' && row.content === question);
    expect(at, `question "${question}" of thread ${threadId}`).toBeGreaterThanOrEqual(0);
    expect(thread[at + 1]).toMatchObject({ role: 'assistant', status: 'complete' });
  }
}

/** Polls until `probe` returns true; fails with `what` after `timeoutMs`. */
export async function eventually(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs = 15_000,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
