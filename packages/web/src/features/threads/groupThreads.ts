import type { Thread } from '@supersteward/contract';

export type ThreadGroupId = 'today' | 'yesterday' | 'thisMonth' | 'previous';

export interface ThreadGroup {
  id: ThreadGroupId;
  threads: Thread[];
}

const ORDER: ThreadGroupId[] = ['today', 'yesterday', 'thisMonth', 'previous'];

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * In the visitor's local time: the same date as today is today, the day before
 * is yesterday, on or after the first of this month is thisMonth, anything older is previous.
 * A date ahead of the clock (a skewed server) counts as today.
 */
export function groupOf(updatedAt: Date, now: Date): ThreadGroupId {
  const day = startOfDay(updatedAt);
  const today = startOfDay(now);
  if (day >= today) return 'today';
  const yesterday = startOfDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  if (day === yesterday) return 'yesterday';
  if (day >= new Date(now.getFullYear(), now.getMonth(), 1).getTime()) return 'thisMonth';
  return 'previous';
}

/** Non-empty groups in display order, newest thread first within each. */
export function groupThreads(threads: readonly Thread[], now: Date = new Date()): ThreadGroup[] {
  const buckets = new Map<ThreadGroupId, { thread: Thread; time: number }[]>();
  for (const thread of threads) {
    const time = Date.parse(thread.updated_at);
    const id = Number.isNaN(time) ? 'previous' : groupOf(new Date(time), now);
    const bucket = buckets.get(id) ?? [];
    bucket.push({ thread, time: Number.isNaN(time) ? 0 : time });
    buckets.set(id, bucket);
  }
  return ORDER.filter((id) => buckets.has(id)).map((id) => ({
    id,
    threads: buckets
      .get(id)!
      .sort((a, b) => b.time - a.time)
      .map((entry) => entry.thread),
  }));
}
