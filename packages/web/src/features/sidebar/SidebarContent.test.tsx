import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Thread } from '@supersteward/contract';
import { renderWithI18n } from '../../test/render';
import { useChatStore } from '../chat/chatStore';
import { useDeleteStore } from '../delete/deleteStore';
import { useThreadsStore } from '../threads/threadsStore';
import { SidebarContent } from './SidebarContent';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderSidebar(path: string, language: 'en' | 'mne' = 'en') {
  const router = createMemoryRouter(
    [
      {
        path: '/:lang/chats/:threadId',
        element: (
          <>
            <SidebarContent onNavigate={() => undefined} />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return renderWithI18n(<RouterProvider router={router} />, language);
}

const now = new Date();
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
const longName = 'A very long question about carrying skis, a snowboard and a golf bag on one trip';
const threads: Thread[] = [
  { thread_id: 't1', name: 'Pets in the cabin', updated_at: now.toISOString() },
  { thread_id: 't2', name: longName, updated_at: hoursAgo(24 * 400) },
  { thread_id: 't3', name: '', updated_at: hoursAgo(24 * 400) },
];

beforeEach(() => {
  useThreadsStore.setState({ threads, loaded: true });
  useChatStore.setState({ loading: false });
  useDeleteStore.setState({ target: null, deleting: false });
});

describe('sidebar', () => {
  it('shows New chat first, dated groups, the current thread and full names as tooltips', () => {
    renderSidebar('/en/chats/t1');
    // The primary action comes first; an unnamed thread below also reads 'New chat'.
    const newChat = screen.getAllByRole('link', { name: 'New chat' })[0]!;
    expect(newChat).toBe(screen.getByTestId('new-chat'));
    expect(newChat).toHaveAttribute('href', '/en/chats/new');
    expect(screen.getByRole('heading', { name: 'Today' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Earlier' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Yesterday' })).toBeNull();
    const current = screen.getByRole('link', { name: 'Pets in the cabin' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveAttribute('href', '/en/chats/t1');
    const long = screen.getByRole('link', { name: longName });
    expect(long).toHaveAttribute('title', longName);
    expect(long).toHaveClass('truncate');
    expect(long).not.toHaveAttribute('aria-current');
    // A thread without a name falls back to the New chat label.
    const earlier = screen.getByRole('heading', { name: 'Earlier' }).closest('section')!;
    expect(within(earlier).getByRole('link', { name: 'New chat' })).toHaveAttribute(
      'href',
      '/en/chats/t3',
    );
  });

  it('names the delete buttons and opens the modal for that thread', async () => {
    renderSidebar('/en/chats/t1');
    await userEvent.click(screen.getByRole('button', { name: 'Delete chat: Pets in the cabin' }));
    expect(useDeleteStore.getState().target).toEqual({ kind: 'one', thread: threads[0] });
  });

  it('while a message loads: links do not navigate and delete icons do nothing', async () => {
    useChatStore.setState({ loading: true });
    renderSidebar('/en/chats/t1');
    const other = screen.getByRole('link', { name: longName });
    expect(other).toHaveAttribute('aria-disabled', 'true');
    expect(other).toHaveClass('cursor-not-allowed');
    await userEvent.click(other);
    await userEvent.click(screen.getByTestId('new-chat'));
    expect(screen.getByTestId('where')).toHaveTextContent('/en/chats/t1');
    await userEvent.click(screen.getByRole('button', { name: 'Delete chat: Pets in the cabin' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete all' }));
    expect(useDeleteStore.getState().target).toBeNull();
  });

  it('Delete all does nothing without threads, and asks to confirm with threads', async () => {
    useThreadsStore.setState({ threads: [], loaded: true });
    const { unmount } = renderSidebar('/en/chats/new');
    expect(screen.getByText('No chats yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete all' }));
    expect(useDeleteStore.getState().target).toBeNull();
    unmount();
    useThreadsStore.setState({ threads, loaded: true });
    renderSidebar('/en/chats/new');
    await userEvent.click(screen.getByRole('button', { name: 'Delete all' }));
    expect(useDeleteStore.getState().target).toEqual({ kind: 'all' });
  });

  it('switches language: session storage, locale, html lang and the same route', async () => {
    const { i18n } = renderSidebar('/mne/chats/t1', 'mne');
    const english = screen.getByRole('button', { name: 'English' });
    expect(screen.getByRole('button', { name: 'Crnogorski' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(english);
    expect(sessionStorage.getItem('language')).toBe('en');
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByTestId('where')).toHaveTextContent('/en/chats/t1');
    expect(screen.getByTestId('new-chat')).toHaveTextContent('New chat');
    expect(screen.getByRole('button', { name: 'Delete all' })).toBeInTheDocument();
  });
});
