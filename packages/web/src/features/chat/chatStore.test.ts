import { describe, expect, it } from 'vitest';
import type { Message } from '@supersteward/contract';
import { FIRST_SHOWN, SHOWN_BATCH, useChatStore } from './chatStore';

function history(count: number): Message[] {
  return Array.from({ length: count }, (_, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: `m${i}`,
    createdAt: 1_700_000_000 + i,
    message_id: `id-${i}`,
    sentiment: null,
  }));
}

describe('a loaded history is rendered newest first', () => {
  it('a short one all at once', () => {
    useChatStore.getState().setMessages(history(FIRST_SHOWN));
    expect(useChatStore.getState().shownFrom).toBe(0);
  });

  it('a long one from its last screenful, the older messages a batch at a time', () => {
    const count = FIRST_SHOWN + 2 * SHOWN_BATCH + 3;
    useChatStore.getState().setMessages(history(count));
    expect(useChatStore.getState().shownFrom).toBe(count - FIRST_SHOWN);
    useChatStore.getState().showOlder();
    expect(useChatStore.getState().shownFrom).toBe(count - FIRST_SHOWN - SHOWN_BATCH);
    useChatStore.getState().showOlder();
    useChatStore.getState().showOlder();
    expect(useChatStore.getState().shownFrom).toBe(0);
    useChatStore.getState().showOlder();
    expect(useChatStore.getState().shownFrom).toBe(0);
  });

  it('a new question during the batches is shown at once; a reset starts over', () => {
    useChatStore.getState().setMessages(history(100));
    useChatStore.getState().begin('Pas?', 'Loading...');
    const { messages, shownFrom } = useChatStore.getState();
    expect(messages.slice(shownFrom).at(-1)?.pending).toBe(true);
    useChatStore.getState().reset();
    expect(useChatStore.getState().shownFrom).toBe(0);
  });
});
