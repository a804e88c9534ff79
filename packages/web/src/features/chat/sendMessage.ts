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
import { readUuid } from '../user/storage';
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
  /** The translated 429 reply, with the support address. */
  rateLimitText: string;
  navigate: (to: string) => void;
  refreshThreads: () => Promise<void>;
  /** Any failure but 429 and 404: the ERROR toast of issue 4. */
  notifyFailure: () => void;
}

export function isNewThread(threadId: string | null | undefined): boolean {
  return !threadId || threadId === 'new';
}

/** A question needs a Unicode letter and no other message loading. */
export function canSend(text: string, loading: boolean): boolean {
  return !loading && text.trim().length > 0 && hasLetter(text);
}

/** The sending flow, for a typed question ('sendMessage') or a card ('click'). */
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

  // A new conversation's address names its thread from the answer's first frame on, so a reload
  // while the answer streams finds the question.
  let moved = false;
  const moveTo = (id: string): void => {
    if (moved) return;
    moved = true;
    useChatStore.getState().setThread(id);
    deps.navigate(`/${deps.language}/chats/${encodeURIComponent(id)}?history=0`);
  };
  const stopWatching = isNew
    ? useChatStore.subscribe(({ stream }) => stream.threadId && moveTo(stream.threadId))
    : undefined;

  let answer;
  let uuid = '';
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
    stopWatching?.();
    if (error instanceof ApiError && error.status === 429) {
      useChatStore.getState().finish(rateLimitMessage(deps.rateLimitText));
      return;
    }
    if (isNotFound(error)) {
      await notFound(deps, uuid);
      return;
    }
    console.error('POST /assistant/answer failed', error);
    useChatStore.getState().fail();
    deps.notifyFailure();
    return;
  }
  stopWatching?.();

  if (isNotFound(answer)) {
    await notFound(deps, uuid);
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
    moveTo(answer.thread_id);
    void deps.refreshThreads();
    void deps.realtime.subscribe(uuid, answer.thread_id);
  }
}

/**
 * 404 (the visitor or the thread is unknown, e.g. after "Delete all" in another tab): as the
 * specification says, a new uuid and a new chat; unlike a plain reload, the question stays on
 * screen there with its retry, so nothing the passenger typed is lost. When another tab has
 * already stored a new id, that one is the new uuid.
 */
async function notFound(deps: SendDeps, uuid: string): Promise<void> {
  const chat = useChatStore.getState();
  chat.fail();
  chat.setThread('new');
  if (readUuid() === uuid) {
    await renewUuid(deps.api).catch((error: unknown) =>
      console.error('POST /user/create_uuid failed', error),
    );
  }
  // history=0 keeps the screen (the failed question) on entering the new chat.
  deps.navigate(`/${deps.language}/chats/new?history=0`);
  void deps.refreshThreads();
}

/** Asks the last question again after its answer failed: the failed pair leaves the screen. */
export function retryLast(deps: SendDeps): Promise<void> {
  const { messages, loading } = useChatStore.getState();
  const question = messages.at(-2);
  if (loading || !messages.at(-1)?.stalled || question?.role !== 'user') return Promise.resolve();
  useChatStore.setState({ messages: messages.slice(0, -2) });
  return sendMessage(deps, question.content, 'sendMessage');
}
