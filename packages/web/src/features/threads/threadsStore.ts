import { create } from 'zustand';
import type { Thread } from '@supersteward/contract';
import { ApiError, isNotFound, type ApiClient } from '../../api/client';
import { ensureUuid, renewUuid } from '../user/userStore';

export const useThreadsStore = create<{
  threads: Thread[];
  loaded: boolean;
  setThreads: (threads: Thread[]) => void;
  remove: (threadId: string) => void;
}>()((set) => ({
  threads: [],
  loaded: false,
  setThreads: (threads) => set({ threads, loaded: true }),
  remove: (threadId) =>
    set((state) => ({ threads: state.threads.filter((t) => t.thread_id !== threadId) })),
}));

/** The list, or a thrown 404 when the server answers with a `status_code: 404` body. */
async function fetchList(api: Pick<ApiClient, 'threads'>): Promise<Thread[]> {
  const list: unknown = await api.threads();
  if (Array.isArray(list)) return list as Thread[];
  if (isNotFound(list)) throw new ApiError(404, list, '/assistant/threads');
  return [];
}

/**
 * Loads the sidebar list; an unknown visitor (404) gets a new id and the list
 * is loaded again.
 */
export async function loadThreads(api: Pick<ApiClient, 'threads' | 'createUuid'>): Promise<void> {
  await ensureUuid(api);
  try {
    useThreadsStore.getState().setThreads(await fetchList(api));
  } catch (error) {
    if (!isNotFound(error)) {
      console.error('GET /assistant/threads failed', error);
      return;
    }
    await renewUuid(api);
    try {
      useThreadsStore.getState().setThreads(await fetchList(api));
    } catch (retryError) {
      if (isNotFound(retryError)) useThreadsStore.getState().setThreads([]);
      else console.error('GET /assistant/threads failed', retryError);
    }
  }
}
