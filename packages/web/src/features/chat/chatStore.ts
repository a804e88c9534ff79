import { create } from 'zustand';
import type { Message, Sentiment } from '@supersteward/contract';
import { applyStreamEvent, EMPTY_STREAM, type StreamState } from './streaming';

/**
 * A message as shown: the wire message, plus a flag for the 'Loading...' placeholder and one for
 * an answer that will not come (the placeholder or the pieces stay, but
 * no longer claim to be loading).
 */
export type ChatMessage = Message & { pending?: boolean; stalled?: boolean };

/**
 * Messages of a loaded history rendered at once: the newest, more than a phone screenful. The
 * older ones follow a batch per task (`showOlder`), newest first, so that a long thread opens
 * without one long main-thread task rendering and parsing every answer.
 */
export const FIRST_SHOWN = 12;
/** Older messages rendered per task after the first ones. */
export const SHOWN_BATCH = 10;

interface ChatState {
  /** Current thread id, 'new' for a conversation not yet created. */
  threadId: string;
  messages: ChatMessage[];
  stream: StreamState;
  loading: boolean;
  historyLoading: boolean;
  /** Text announced once to screen readers when an answer is complete. */
  announcement: string;
  /** The text box. */
  input: string;
  /** Messages before this index are not rendered yet (see FIRST_SHOWN); 0 once all are. */
  shownFrom: number;

  setInput: (input: string) => void;
  setThread: (threadId: string) => void;
  reset: () => void;
  setMessages: (messages: Message[]) => void;
  setHistoryLoading: (value: boolean) => void;
  /** The next SHOWN_BATCH older messages are rendered. */
  showOlder: () => void;
  /** Appends the question and the placeholder, and marks a message as loading. */
  begin: (question: string, placeholder: string) => void;
  /** Replaces the placeholder (the last message) with the final reply. */
  finish: (reply: Message) => void;
  /** Loading ends and the placeholder stays, after a failure. */
  fail: () => void;
  /** Applies one realtime frame while an answer is awaited. */
  receive: (frame: unknown) => void;
  setSentiment: (messageId: string, sentiment: Sentiment) => void;
}

function replaceLast(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  return messages.length === 0 ? [message] : [...messages.slice(0, -1), message];
}

export const useChatStore = create<ChatState>()((set, get) => ({
  threadId: 'new',
  messages: [],
  stream: EMPTY_STREAM,
  loading: false,
  historyLoading: false,
  announcement: '',
  input: '',
  shownFrom: 0,

  setInput: (input) => set({ input }),
  setThread: (threadId) => set({ threadId }),
  reset: () => set({ messages: [], stream: EMPTY_STREAM, announcement: '', shownFrom: 0 }),
  setMessages: (messages) =>
    set({ messages, stream: EMPTY_STREAM, shownFrom: Math.max(0, messages.length - FIRST_SHOWN) }),
  setHistoryLoading: (historyLoading) => set({ historyLoading }),
  showOlder: () => set((state) => ({ shownFrom: Math.max(0, state.shownFrom - SHOWN_BATCH) })),

  begin: (question, placeholder) => {
    const now = Math.floor(Date.now() / 1000);
    set((state) => ({
      loading: true,
      input: '',
      stream: EMPTY_STREAM,
      announcement: '',
      messages: [
        ...state.messages,
        { role: 'user', content: question, createdAt: now, message_id: '', sentiment: null },
        {
          role: 'assistant',
          content: placeholder,
          createdAt: now,
          message_id: '',
          sentiment: null,
          pending: true,
        },
      ],
    }));
  },

  finish: (reply) =>
    set((state) => ({
      loading: false,
      stream: EMPTY_STREAM,
      messages: replaceLast(state.messages, reply),
      announcement: reply.content,
    })),

  fail: () =>
    set((state) => {
      const last = state.messages.at(-1);
      const waiting = last && (last.pending || last.status === 'streaming');
      return {
        loading: false,
        stream: EMPTY_STREAM,
        messages: waiting
          ? replaceLast(state.messages, { ...last, stalled: true })
          : state.messages,
      };
    }),

  receive: (frame) => {
    const state = get();
    // Pieces only matter while an answer is awaited; a late frame must not overwrite the reply.
    if (!state.loading) return;
    const step = applyStreamEvent(state.stream, frame);
    if (step.state === state.stream && step.content === null) return;
    if (step.content === null) {
      set({ stream: step.state });
      return;
    }
    const last = state.messages.at(-1);
    set({
      stream: step.state,
      messages: replaceLast(state.messages, {
        role: 'assistant',
        content: step.content,
        createdAt: last?.createdAt ?? Math.floor(Date.now() / 1000),
        message_id: step.state.messageId ?? '',
        sentiment: null,
        status: 'streaming',
      }),
    });
  },

  setSentiment: (messageId, sentiment) =>
    set((state) => ({
      messages: state.messages.map((m) => (m.message_id === messageId ? { ...m, sentiment } : m)),
    })),
}));
