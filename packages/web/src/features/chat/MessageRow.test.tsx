import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../test/render';
import { useChatStore } from './chatStore';
import { MessageRow } from './MessageRow';

function lastRow() {
  const message = useChatStore.getState().messages.at(-1)!;
  renderWithI18n(
    <ol>
      <MessageRow message={message} onFeedback={vi.fn()} />
    </ol>,
  );
  return screen.getByTestId('message');
}

describe('the answer placeholder', () => {
  it('is busy and animated while the answer is awaited', () => {
    useChatStore.setState({ messages: [], loading: false });
    useChatStore.getState().begin('Pas?', 'Loading...');
    const row = lastRow();
    expect(row).toHaveAttribute('aria-busy', 'true');
    expect(row.querySelectorAll('.typing-dot')).toHaveLength(3);
  });

  it('after a failure keeps its text (spec section 8) but no longer claims to be loading', () => {
    useChatStore.setState({ messages: [], loading: false });
    useChatStore.getState().begin('Pas?', 'Loading...');
    useChatStore.getState().fail();
    const row = lastRow();
    expect(row).toHaveTextContent('Loading...');
    expect(row).not.toHaveAttribute('aria-busy');
    expect(row.querySelectorAll('.typing-dot')).toHaveLength(0);
  });

  it('a half-streamed answer that fails stops being busy too', () => {
    useChatStore.setState({ messages: [], loading: false });
    useChatStore.getState().begin('Pas?', 'Loading...');
    useChatStore.getState().receive({ event: 'message:created', data: '' });
    useChatStore.getState().receive({ event: 'message:bits', data: 'A dog or cat' });
    expect(useChatStore.getState().messages.at(-1)).toMatchObject({ status: 'streaming' });
    useChatStore.getState().fail();
    const row = lastRow();
    expect(row).toHaveTextContent('A dog or cat');
    expect(row).not.toHaveAttribute('aria-busy');
  });
});

describe('an answer with sources', () => {
  it('tells a screen reader that a source opens in a new tab', () => {
    renderWithI18n(
      <ol>
        <MessageRow
          message={{
            role: 'assistant',
            content: 'Up to 8 kg.',
            createdAt: 1,
            message_id: 'm1',
            sentiment: null,
            sources: [{ id: 'cabin', title: 'Cabin baggage', url: 'https://example.com/cabin' }],
          }}
          onFeedback={vi.fn()}
        />
      </ol>,
    );
    const link = screen.getByRole('link', { name: 'Cabin baggage (opens in a new tab)' });
    expect(link).toHaveAttribute('target', '_blank');
  });
});
