import { create } from 'zustand';

/** The sidebar drawer of small screens. */
export const useDrawerStore = create<{ open: boolean; setOpen: (open: boolean) => void }>()(
  (set) => ({ open: false, setOpen: (open) => set({ open }) }),
);
