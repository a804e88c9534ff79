import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../test/render';
import { useChatStore } from './chatStore';
import { MessageRow } from './MessageRow';

function lastRow(onRetry = vi.fn(), language: 'en' | 'mne' = 'en') {
  const message = useChatStore.getState().messages.at(-1)!;
  renderWithI18n(
    <ol>
      <MessageRow message={message} onFeedback={vi.fn()} onRetry={onRetry} />
    </ol>,
    language,
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

  it.each([
    ['en', 'The answer did not arrive', 'Try again'],
    ['mne', 'Odgovor nije stigao', 'Pokušajte ponovo'],
  ] as const)(
    'after a failure says so in %s, with a retry, and no longer claims to be loading',
    async (language, said, retry) => {
      useChatStore.setState({ messages: [], loading: false });
      useChatStore.getState().begin('Pas?', 'Loading...');
      useChatStore.getState().fail();
      const onRetry = vi.fn();
      const row = lastRow(onRetry, language);
      expect(row).toHaveTextContent(said);
      expect(row).not.toHaveTextContent('Loading...');
      expect(row).not.toHaveAttribute('aria-busy');
      expect(row.querySelectorAll('.typing-dot')).toHaveLength(0);
      await userEvent.click(screen.getByRole('button', { name: retry }));
      expect(onRetry).toHaveBeenCalledTimes(1);
    },
  );

  it('a half-streamed answer that fails stops being busy too', () => {
    useChatStore.setState({ messages: [], loading: false });
    useChatStore.getState().begin('Pas?', 'Loading...');
    useChatStore.getState().receive({ event: 'message:created', data: '' });
    useChatStore.getState().receive({ event: 'message:bits', data: 'A dog or cat' });
    expect(useChatStore.getState().messages.at(-1)).toMatchObject({ status: 'streaming' });
    useChatStore.getState().fail();
    const row = lastRow();
    expect(row).toHaveTextContent('A dog or cat');
    expect(row).toHaveTextContent('The answer did not arrive');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
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
          onRetry={vi.fn()}
        />
      </ol>,
    );
    const link = screen.getByRole('link', { name: 'Cabin baggage (opens in a new tab)' });
    expect(link).toHaveAttribute('target', '_blank');
  });
});
