import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../test/render';
import { useChatStore } from './chatStore';
import { Composer } from './Composer';
import { canSend } from './sendMessage';

beforeEach(() => {
  useChatStore.setState({ input: '', loading: false, messages: [] });
});

describe('letter validation', () => {
  it('needs at least one Unicode letter and no message loading', () => {
    expect(canSend('Koliko košta?', false)).toBe(true);
    expect(canSend('ćao', false)).toBe(true);
    expect(canSend('Ђ', false)).toBe(true);
    expect(canSend('123 ?! 🙂', false)).toBe(false);
    expect(canSend('   ', false)).toBe(false);
    expect(canSend('', false)).toBe(false);
    expect(canSend('Pas', true)).toBe(false);
  });
});

describe('Composer', () => {
  it('has the placeholder and a named send button, disabled without a letter', async () => {
    renderWithI18n(<Composer onSend={() => undefined} />);
    const box = screen.getByPlaceholderText('Message Supersteward...');
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await userEvent.type(box, '42?');
    expect(send).toBeDisabled();
    await userEvent.type(box, ' kg');
    expect(send).toBeEnabled();
  });

  it('uses the Montenegrin placeholder in mne', () => {
    renderWithI18n(<Composer onSend={() => undefined} />, 'mne');
    expect(screen.getByPlaceholderText('Pošaljite poruku Superstewardu...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pošalji poruku' })).toBeInTheDocument();
  });

  it('Enter alone sends; Shift+Enter adds a line instead', async () => {
    const onSend = vi.fn();
    renderWithI18n(<Composer onSend={onSend} />);
    const box = screen.getByRole('textbox');
    await userEvent.type(box, 'Pets?');
    await userEvent.type(box, '{Shift>}{Enter}{/Shift}');
    expect(onSend).not.toHaveBeenCalled();
    expect(useChatStore.getState().input).toBe('Pets?\n');
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(box, { key: 'Enter', altKey: true });
    fireEvent.keyDown(box, { key: 'Enter', metaKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Pets?\n');
  });

  it('does not send while a message is loading', () => {
    const onSend = vi.fn();
    useChatStore.setState({ input: 'Bags?', loading: true });
    renderWithI18n(<Composer onSend={onSend} />);
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });

  it('the send button shows the answer is on its way, not merely that it is off', () => {
    useChatStore.setState({ input: '', loading: true });
    const { rerender } = renderWithI18n(<Composer onSend={() => undefined} />);
    const button = screen.getByRole('button', { name: 'Send message' });
    expect(button.querySelector('.animate-spin')).not.toBeNull();
    useChatStore.setState({ loading: false });
    rerender(<Composer onSend={() => undefined} />);
    expect(button.querySelector('.animate-spin')).toBeNull();
    expect(button).toBeDisabled();
  });

  it('caps the text at 2000 characters and shows a counter near the limit', () => {
    useChatStore.setState({ input: 'a'.repeat(1850) });
    renderWithI18n(<Composer onSend={() => undefined} />);
    expect(screen.getByRole('textbox')).toHaveAttribute('maxLength', '2000');
    expect(screen.getByText('1850 / 2000 characters')).toBeInTheDocument();
  });
});
