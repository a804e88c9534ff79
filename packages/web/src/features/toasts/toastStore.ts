import { create } from 'zustand';

/** A toast stays 3 s; at most five are shown, the oldest giving way. */
export const TOAST_DURATION_MS = 3000;
export const MAX_TOASTS = 5;

export type ToastType = 'SUCCESS' | 'ERROR' | 'INFO';

export interface Toast {
  id: number;
  type: ToastType;
  title: string;
  description?: string;
}

interface ToastState {
  toasts: Toast[];
  nextId: number;
  /** Appends a toast, drops the oldest beyond five, and removes it after 3 s. Returns its id. */
  show: (toast: Omit<Toast, 'id'>) => number;
  close: (id: number) => void;
  clear: () => void;
}

const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  nextId: 0,
  show: (toast) => {
    const id = get().nextId;
    set((state) => ({
      nextId: state.nextId + 1,
      toasts: [...state.toasts, { ...toast, id }].slice(-MAX_TOASTS),
    }));
    timers.set(
      id,
      setTimeout(() => get().close(id), TOAST_DURATION_MS),
    );
    return id;
  },
  close: (id) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  },
  clear: () => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    set({ toasts: [] });
  },
}));

export const showToast = (toast: Omit<Toast, 'id'>): number => useToastStore.getState().show(toast);
