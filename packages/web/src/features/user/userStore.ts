import { create } from 'zustand';
import type { Language } from '@supersteward/contract';
import type { ApiClient } from '../../api/client';
import { readLanguage, readUuid, removeUuid, writeLanguage, writeUuid } from './storage';

/** The visitor as the browser knows it. */
export interface User {
  id: string | null;
  language: Language;
}

export const useUserStore = create<
  User & { setId: (id: string | null) => void; setLanguage: (language: Language) => void }
>()((set) => ({
  id: readUuid(),
  language: readLanguage(),
  setId: (id) => set({ id }),
  setLanguage: (language) => {
    writeLanguage(language);
    set({ language });
  },
}));

let pendingUuid: Promise<string> | null = null;

/** Requests a new visitor id, stores it under `uuid` and makes it current. */
export function renewUuid(api: Pick<ApiClient, 'createUuid'>): Promise<string> {
  // Two callers at once (chat mount and thread list) must share one id.
  pendingUuid ??= api
    .createUuid()
    .then(({ id }) => {
      writeUuid(id);
      useUserStore.getState().setId(id);
      return id;
    })
    .finally(() => {
      pendingUuid = null;
    });
  return pendingUuid;
}

/** When no id is stored, one is requested and stored. */
export async function ensureUuid(api: Pick<ApiClient, 'createUuid'>): Promise<string> {
  const stored = readUuid();
  if (stored) {
    if (useUserStore.getState().id !== stored) useUserStore.getState().setId(stored);
    return stored;
  }
  return renewUuid(api);
}

/** Delete all: forget the stored id and take a new one. */
export function forgetUuid(): void {
  removeUuid();
  useUserStore.getState().setId(null);
}
