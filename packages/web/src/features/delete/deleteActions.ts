import type { Language } from '@supersteward/contract';
import { isNotFound, type ApiClient } from '../../api/client';
import type { CaptchaClient } from '../captcha/captcha';
import type { Realtime } from '../realtime/realtime';
import { loadThreads, useThreadsStore } from '../threads/threadsStore';
import { forgetUuid, renewUuid } from '../user/userStore';
import { useDeleteStore } from './deleteStore';

export interface DeleteDeps {
  api: Pick<ApiClient, 'deleteThread' | 'deleteAll' | 'threads' | 'createUuid'>;
  captcha: Pick<CaptchaClient, 'getToken'>;
  realtime: Pick<Realtime, 'close' | 'room'>;
  language: Language;
  navigate: (to: string) => void;
  onDeleted: (kind: 'one' | 'all') => void;
}

/** Delete one: on success remove it locally and go to a new chat; failures are logged. */
export async function deleteOne(deps: DeleteDeps, threadId: string): Promise<boolean> {
  const store = useDeleteStore.getState();
  store.setDeleting(true);
  try {
    const token = await deps.captcha.getToken('click');
    await deps.api.deleteThread(threadId, token);
  } catch (error) {
    console.error('DELETE /assistant/threads/{id} failed', error);
    useDeleteStore.getState().setDeleting(false);
    return false;
  }
  useThreadsStore.getState().remove(threadId);
  if (deps.realtime.room === threadId) deps.realtime.close();
  useDeleteStore.getState().close();
  deps.navigate(`/${deps.language}/chats/new`);
  deps.onDeleted('one');
  return true;
}

/**
 * Delete all: nothing without threads; otherwise the server forgets the visitor,
 * the stored uuid is removed, a new one is made current, the list reloads, and a new chat opens.
 */
export async function deleteAll(deps: DeleteDeps): Promise<boolean> {
  if (useThreadsStore.getState().threads.length === 0) return false;
  useDeleteStore.getState().setDeleting(true);
  try {
    await deps.api.deleteAll();
  } catch (error) {
    // An unknown visitor has nothing left to delete; anything else keeps the data and the id.
    if (!isNotFound(error)) {
      console.error('DELETE /assistant/threads/all failed', error);
      useDeleteStore.getState().setDeleting(false);
      return false;
    }
  }
  try {
    deps.realtime.close();
    forgetUuid();
    await renewUuid(deps.api);
    await loadThreads(deps.api);
  } catch (error) {
    console.error('User reset after delete all failed', error);
  }
  useDeleteStore.getState().close();
  deps.navigate(`/${deps.language}/chats/new`);
  deps.onDeleted('all');
  return true;
}
