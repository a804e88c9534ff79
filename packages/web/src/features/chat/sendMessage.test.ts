import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerRequest, AnswerResponse, Message } from '@supersteward/contract';
import { ApiError } from '../../api/client';
import { useUserStore } from '../user/userStore';
import { useChatStore } from './chatStore';
import { mne } from '../../i18n/mne';
import { mailtoLink, RATE_LIMIT_MESSAGE_ID } from './rateLimit';
import { retryLast, sendMessage, type SendDeps } from './sendMessage';

const reply: Message = {
  role: 'assistant',
  content: 'Do 8 kg.',
  createdAt: 1_700_000_000,
  message_id: 'm-2',
  sentiment: null,
  sources: [{ id: 'pets', title: 'Pets' }],
};

/** Deps whose answer call runs `answer`; everything else records what it was asked. */
function deps(answer: (body: AnswerRequest, token: string | null) => Promise<AnswerResponse>) {
  const calls: string[] = [];
  const d: SendDeps = {
    api: {
      answer: vi.fn(answer),
      createUuid: vi.fn(async () => ({ id: 'new-uuid' })),
    },
    captcha: { getToken: vi.fn(async (action) => `token-${action}`) },
    realtime: {
      room: null,
      subscribe: vi.fn(async (_user: string, room: string) => {
        calls.push(`subscribe ${room}`);
      }),
    },
    language: 'mne',
    placeholder: 'Učitavanje...',
    rateLimitText: mne.chat.rateLimit.replace('{{email}}', mailtoLink('podrska@lovcenair.example')),
    navigate: vi.fn(),
    refreshThreads: vi.fn(async () => undefined),
    notifyFailure: vi.fn(),
  };
  return { d, calls };
}

beforeEach(() => {
  localStorage.setItem('uuid', 'u-1');
  useUserStore.setState({ id: 'u-1' });
  useChatStore.setState({
    threadId: 'new',
    messages: [],
    loading: false,
    input: 'x',
    announcement: '',
  });
});

describe('sending a question', () => {
  it('new chat: subscribes to newchat_<uuid> first, then answers, moves and resubscribes', async () => {
    const { d, calls } = deps(async (body) => {
      calls.push(`answer ${JSON.stringify(body)}`);
      // While the call runs: question plus placeholder are shown and loading is set.
      const { messages, loading, input } = useChatStore.getState();
      expect(loading).toBe(true);
      expect(input).toBe('');
      expect(messages.map((m) => [m.role, m.content])).toEqual([
        ['user', 'Mogu li psa?'],
        ['assistant', 'Učitavanje...'],
      ]);
      return {
        thread_id: 't-9',
        all_messages: [{ ...reply, role: 'user', message_id: 'm-1' }, reply],
      };
    });
    await sendMessage(d, '  Mogu li psa?  ', 'click');
    expect(calls).toEqual([
      'subscribe newchat_u-1',
      'answer {"question":"Mogu li psa?","thread_id":null,"language":"mne"}',
      'subscribe t-9',
    ]);
    expect(d.captcha.getToken).toHaveBeenCalledWith('click');
    expect(d.api.answer).toHaveBeenCalledWith(expect.anything(), 'token-click');
    const state = useChatStore.getState();
    expect(state.loading).toBe(false);
    expect(state.messages.at(-1)).toEqual(reply);
    expect(state.announcement).toBe('Do 8 kg.');
    expect(state.threadId).toBe('t-9');
    expect(d.refreshThreads).toHaveBeenCalled();
    expect(d.navigate).toHaveBeenCalledWith('/mne/chats/t-9?history=0');
  });

  it('existing thread: asks in that thread and does not navigate', async () => {
    useChatStore.setState({ threadId: 't-1' });
    const { d, calls } = deps(async () => ({ thread_id: 't-1', all_messages: [reply] }));
    await sendMessage(d, 'Cijena?', 'sendMessage');
    expect(calls[0]).toBe('subscribe t-1');
    expect(d.api.answer).toHaveBeenCalledWith(
      { question: 'Cijena?', thread_id: 't-1', language: 'mne' },
      'token-sendMessage',
    );
    expect(d.navigate).not.toHaveBeenCalled();
  });

  it('is ignored without a letter or while loading', async () => {
    const { d } = deps(async () => ({ thread_id: 't', all_messages: [reply] }));
    await sendMessage(d, '???', 'sendMessage');
    useChatStore.setState({ loading: true });
    await sendMessage(d, 'Pas', 'sendMessage');
    expect(d.api.answer).not.toHaveBeenCalled();
  });

  it('429: the placeholder becomes the Montenegrin limit message with the support e-mail', async () => {
    vi.useFakeTimers({ now: new Date('2025-03-15T10:00:00Z'), toFake: ['Date'] });
    const { d } = deps(async () => {
      throw new ApiError(429, { status_code: 429, detail: 'limit' }, '/assistant/answer');
    });
    await sendMessage(d, 'Prtljag?', 'sendMessage');
    vi.useRealTimers();
    const last = useChatStore.getState().messages.at(-1);
    expect(last).toEqual({
      role: 'assistant',
      content:
        'Poštovani korisniče, prekoračili ste dozvoljeni broj dnevnih poruka. Ako mislite da je u pitanju greška, kontaktirajte [podrska@lovcenair.example](mailto:podrska@lovcenair.example).',
      createdAt: Math.floor(Date.parse('2025-03-15T10:00:00Z') / 1000),
      message_id: RATE_LIMIT_MESSAGE_ID,
      sentiment: null,
    });
    expect(last?.message_id).toBe('msg_id');
    expect(useChatStore.getState().loading).toBe(false);
    expect(d.notifyFailure).not.toHaveBeenCalled();
  });

  /** The question on screen, its answer failed (the retry shows), nothing loading. */
  function expectQuestionKeptWithRetry(question: string): void {
    const { messages, loading } = useChatStore.getState();
    expect(loading).toBe(false);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', question],
      ['assistant', 'Učitavanje...'],
    ]);
    expect(messages.at(-1)).toMatchObject({ stalled: true });
  }

  it('404 on a new chat (unknown visitor): a new uuid, a new chat, the question kept with its retry', async () => {
    const { d } = deps(async () => {
      throw new ApiError(404, { status_code: 404, detail: 'unknown' }, '/assistant/answer');
    });
    await sendMessage(d, 'Prtljag?', 'sendMessage');
    expect(d.api.createUuid).toHaveBeenCalled();
    expect(localStorage.getItem('uuid')).toBe('new-uuid');
    expectQuestionKeptWithRetry('Prtljag?');
    expect(d.navigate).toHaveBeenCalledWith('/mne/chats/new?history=0');
  });

  it('404 in a 200 body is handled the same way', async () => {
    const { d } = deps(async () => ({ status_code: 404 }) as unknown as AnswerResponse);
    await sendMessage(d, 'Prtljag?', 'sendMessage');
    expect(localStorage.getItem('uuid')).toBe('new-uuid');
    expectQuestionKeptWithRetry('Prtljag?');
  });

  it('404 in a thread deleted elsewhere ("Delete all" in another tab): a new uuid and a new chat, the question stays, the retry asks there', async () => {
    useChatStore.setState({ threadId: 't-gone' });
    // The other tab's "Delete all" stored a new visitor id.
    localStorage.setItem('uuid', 'u-other-tab');
    const { d } = deps(async (body) => {
      if (body.thread_id) {
        throw new ApiError(
          404,
          { status_code: 404, detail: 'No such thread' },
          '/assistant/answer',
        );
      }
      return { thread_id: 't-new', all_messages: [reply] };
    });
    await sendMessage(d, 'Prtljag?', 'sendMessage');
    expectQuestionKeptWithRetry('Prtljag?');
    expect(d.api.createUuid).toHaveBeenCalledTimes(1);
    expect(useChatStore.getState().threadId).toBe('new');
    expect(d.navigate).toHaveBeenCalledWith('/mne/chats/new?history=0');

    await retryLast(d);
    expect(d.api.answer).toHaveBeenLastCalledWith(
      { question: 'Prtljag?', thread_id: null, language: 'mne' },
      'token-sendMessage',
    );
    expect(useChatStore.getState().messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Prtljag?'],
      ['assistant', 'Do 8 kg.'],
    ]);
    expect(d.navigate).toHaveBeenCalledWith('/mne/chats/t-new?history=0');
    expect(localStorage.getItem('uuid')).toBe('new-uuid');
  });

  it('other failures: loading cleared, the question kept with its retry, ERROR toast asked for; the retry asks again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const { d } = deps(async () => {
      calls += 1;
      if (calls === 1) {
        throw new ApiError(500, { status_code: 500, detail: 'boom' }, '/assistant/answer');
      }
      return { thread_id: 't-3', all_messages: [reply] };
    });
    await sendMessage(d, 'Prtljag?', 'sendMessage');
    expectQuestionKeptWithRetry('Prtljag?');
    expect(d.notifyFailure).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    error.mockRestore();

    await retryLast(d);
    expect(calls).toBe(2);
    expect(useChatStore.getState().messages.map((m) => m.content)).toEqual([
      'Prtljag?',
      'Do 8 kg.',
    ]);
    // Nothing left to retry.
    await retryLast(d);
    expect(calls).toBe(2);
  });

  it('a new chat moves to its thread at the first frame naming it, once', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const { d } = deps(async () => {
      await released;
      return { thread_id: 't-9', all_messages: [reply] };
    });
    const sent = sendMessage(d, 'Pas?', 'sendMessage');
    await vi.waitFor(() => expect(d.api.answer).toHaveBeenCalled());
    expect(d.navigate).not.toHaveBeenCalled();
    useChatStore
      .getState()
      .receive({ event: 'message:created', data: '', message_id: 'm-2', thread_id: 't-9', seq: 0 });
    expect(d.navigate).toHaveBeenCalledWith('/mne/chats/t-9?history=0');
    expect(useChatStore.getState().threadId).toBe('t-9');
    release();
    await sent;
    expect(d.navigate).toHaveBeenCalledTimes(1);
  });
});

describe('streaming into the chat', () => {
  it('pieces replace the placeholder while loading; the reply replaces the pieces', () => {
    useChatStore.getState().begin('Pas?', 'Učitavanje...');
    const { receive } = useChatStore.getState();
    receive({ event: 'message:created', data: '', message_id: 'm-2', seq: 0 });
    expect(useChatStore.getState().messages.at(-1)?.content).toBe('Učitavanje...');
    receive({ event: 'message:bits', data: 'Do ', message_id: 'm-2', seq: 1 });
    receive({ event: 'message:typing', data: '?' });
    receive({ event: 'message:bits', data: '8 kg', message_id: 'm-2', seq: 2 });
    const before = useChatStore.getState().messages;
    expect(before.at(-1)).toMatchObject({
      role: 'assistant',
      content: 'Do 8 kg',
      status: 'streaming',
    });
    expect(useChatStore.getState().announcement).toBe('');
    useChatStore.getState().finish(reply);
    receive({ event: 'message:bits', data: 'late', message_id: 'm-2', seq: 3 });
    const after = useChatStore.getState().messages;
    expect(after.at(-1)).toEqual(reply);
    // The question row is the same object: memoized rows of the history do not re-render.
    expect(after[0]).toBe(before[0]);
  });
});
