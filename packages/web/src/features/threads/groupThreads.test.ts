import { describe, expect, it } from 'vitest';
import type { Thread } from '@supersteward/contract';
import { groupOf, groupThreads } from './groupThreads';

const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min);
const thread = (id: string, date: Date): Thread => ({
  thread_id: id,
  name: id,
  updated_at: date.toISOString(),
});

describe('groupOf (local time)', () => {
  const now = at(2025, 3, 15, 9, 30);

  it('same calendar date is today, from midnight on', () => {
    expect(groupOf(at(2025, 3, 15, 0, 0), now)).toBe('today');
    expect(groupOf(at(2025, 3, 15, 23, 59), now)).toBe('today');
  });

  it('the previous calendar day is yesterday', () => {
    expect(groupOf(at(2025, 3, 14, 23, 59), now)).toBe('yesterday');
    expect(groupOf(at(2025, 3, 14, 0, 0), now)).toBe('yesterday');
  });

  it('from the first of the month until the day before yesterday is thisMonth', () => {
    expect(groupOf(at(2025, 3, 13, 23, 59), now)).toBe('thisMonth');
    expect(groupOf(at(2025, 3, 1, 0, 0), now)).toBe('thisMonth');
  });

  it('before the first of the month is previous', () => {
    expect(groupOf(at(2025, 2, 28, 23, 59), now)).toBe('previous');
    expect(groupOf(at(2024, 3, 15), now)).toBe('previous');
  });

  it('on the first of a month, the last day of the previous month is yesterday', () => {
    const first = at(2025, 3, 1, 8);
    expect(groupOf(at(2025, 2, 28, 22), first)).toBe('yesterday');
    expect(groupOf(at(2025, 2, 27, 22), first)).toBe('previous');
  });

  it('on 1 January, 31 December is yesterday across the year', () => {
    expect(groupOf(at(2024, 12, 31, 23), at(2025, 1, 1, 1))).toBe('yesterday');
  });

  it('a date ahead of the clock is today', () => {
    expect(groupOf(at(2025, 3, 16, 1), now)).toBe('today');
  });
});

describe('groupThreads', () => {
  it('returns non-empty groups in order, newest first inside a group', () => {
    const now = at(2025, 3, 15, 18);
    const groups = groupThreads(
      [
        thread('old', at(2025, 1, 2)),
        thread('today-early', at(2025, 3, 15, 8)),
        thread('today-late', at(2025, 3, 15, 17)),
        thread('month', at(2025, 3, 3)),
      ],
      now,
    );
    expect(groups.map((g) => g.id)).toEqual(['today', 'thisMonth', 'previous']);
    expect(groups[0]!.threads.map((t) => t.thread_id)).toEqual(['today-late', 'today-early']);
  });

  it('puts an unreadable date among the earlier threads', () => {
    const groups = groupThreads([{ thread_id: 'x', name: 'x', updated_at: 'garbage' }]);
    expect(groups).toEqual([
      { id: 'previous', threads: [expect.objectContaining({ thread_id: 'x' })] },
    ]);
  });

  it('is empty for no threads', () => {
    expect(groupThreads([])).toEqual([]);
  });
});
