import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, TOAST_DURATION_MS, useToastStore } from './toastStore';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.getState().clear();
  });
  afterEach(() => {
    useToastStore.getState().clear();
    vi.useRealTimers();
  });

  it('appends toasts with index-based ids', () => {
    const { show } = useToastStore.getState();
    const a = show({ type: 'SUCCESS', title: 'a' });
    const b = show({ type: 'ERROR', title: 'b' });
    expect(b).toBe(a + 1);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['a', 'b']);
  });

  it('keeps at most five, dropping the oldest', () => {
    const { show } = useToastStore.getState();
    for (let i = 0; i < 7; i += 1) show({ type: 'INFO', title: `t${i}` });
    const titles = useToastStore.getState().toasts.map((t) => t.title);
    expect(titles).toHaveLength(MAX_TOASTS);
    expect(titles).toEqual(['t2', 't3', 't4', 't5', 't6']);
  });

  it('removes each toast 3000 ms after it appeared', () => {
    const { show } = useToastStore.getState();
    show({ type: 'INFO', title: 'first' });
    vi.advanceTimersByTime(1000);
    show({ type: 'INFO', title: 'second' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1001);
    expect(useToastStore.getState().toasts).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['second']);
    vi.advanceTimersByTime(1000);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('closes by hand and clears all', () => {
    const { show, close, clear } = useToastStore.getState();
    const id = show({ type: 'ERROR', title: 'x' });
    show({ type: 'ERROR', title: 'y' });
    close(id);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['y']);
    clear();
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});
