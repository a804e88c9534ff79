import {
  hasLetter,
  newChatRoom,
  type CaptchaAction,
  type Language,
  type Message,
} from '@supersteward/contract';
import { ApiError, isNotFound, type ApiClient } from '../../api/client';
import type { CaptchaClient } from '../captcha/captcha';
import type { Realtime } from '../realtime/realtime';
import { ensureUuid, renewUuid } from '../user/userStore';
import { useChatStore } from './chatStore';
import { rateLimitMessage } from './rateLimit';

export interface SendDeps {
  api: Pick<ApiClient, 'answer' | 'createUuid'>;
  captcha: Pick<CaptchaClient, 'getToken'>;
  realtime: Pick<Realtime, 'subscribe' | 'room'>;
  language: Language;
  /** The translated 'Loading...' placeholder. */
  placeholder: string;
  supportEmail: string;
  navigate: (to: string) => void;
  hardNavigate: (url: string) => void;
  refreshThreads: () => Promise<void>;
  /** Any failure but 429 and 404: the ERROR toast of issue 4. */
  notifyFailure: () => void;
}

export function isNewThread(threadId: string | null | undefined): boolean {
  return !threadId || threadId === 'new';
}

/** Spec section 5: a question needs a Unicode letter and no other message loading. */
export function canSend(text: string, loading: boolean): boolean {
  return !loading && text.trim().length > 0 && hasLetter(text);
}

/** The sending flow of spec section 4, for a typed question ('sendMessage') or a card ('click'). */
export async function sendMessage(
  deps: SendDeps,
  text: string,
  action: CaptchaAction,
): Promise<void> {
  const chat = useChatStore.getState();
  const question = text.trim();
  if (!canSend(question, chat.loading)) return;
  const threadId = chat.threadId;
  const isNew = isNewThread(threadId);
  chat.begin(question, deps.placeholder);

  let answer;
  let uuid: string;
  try {
    uuid = await ensureUuid(deps.api);
    // Listen before asking, so no piece of the answer is missed.
    const room = isNew ? newChatRoom(uuid) : threadId;
    if (deps.realtime.room !== room) await deps.realtime.subscribe(uuid, room);
    const token = await deps.captcha.getToken(action);
    answer = await deps.api.answer(
      { question, thread_id: isNew ? null : threadId, language: deps.language },
      token,
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      useChatStore.getState().finish(rateLimitMessage(deps.supportEmail));
      return;
    }
    if (isNotFound(error)) {
      await startOverAsNewVisitor(deps);
      return;
    }
    console.error('POST /assistant/answer failed', error);
    useChatStore.getState().fail();
    deps.notifyFailure();
    return;
  }

  if (isNotFound(answer)) {
    await startOverAsNewVisitor(deps);
    return;
  }
  const reply: Message | undefined = answer.all_messages.at(-1);
  if (!reply) {
    useChatStore.getState().fail();
    deps.notifyFailure();
    return;
  }
  useChatStore.getState().finish(reply);

  if (isNew) {
    useChatStore.getState().setThread(answer.thread_id);
    void deps.refreshThreads();
    deps.navigate(`/${deps.language}/chats/${encodeURIComponent(answer.thread_id)}?history=0`);
    void deps.realtime.subscribe(uuid, answer.thread_id);
  }
}

/** Spec section 4: the server does not know this visitor: new id, full-page /chats/new. */
async function startOverAsNewVisitor(deps: SendDeps): Promise<void> {
  useChatStore.getState().fail();
  try {
    await renewUuid(deps.api);
  } catch (error) {
    console.error('POST /user/create_uuid failed', error);
  }
  deps.hardNavigate(`/${deps.language}/chats/new`);
}
