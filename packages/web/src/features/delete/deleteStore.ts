import { create } from 'zustand';
import type { Thread } from '@supersteward/contract';

export type DeleteTarget = { kind: 'one'; thread: Thread } | { kind: 'all' };

export const useDeleteStore = create<{
  target: DeleteTarget | null;
  deleting: boolean;
  open: (target: DeleteTarget) => void;
  close: () => void;
  setDeleting: (deleting: boolean) => void;
}>()((set) => ({
  target: null,
  deleting: false,
  open: (target) => set({ target }),
  close: () => set({ target: null, deleting: false }),
  setDeleting: (deleting) => set({ deleting }),
}));
