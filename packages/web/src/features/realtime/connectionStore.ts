import { create } from 'zustand';

/** Spec section 3: connection state, isConnected initially false. */
export const useConnectionStore = create<{
  isConnected: boolean;
  setConnected: (value: boolean) => void;
}>()((set) => ({
  isConnected: false,
  setConnected: (isConnected) => set({ isConnected }),
}));
