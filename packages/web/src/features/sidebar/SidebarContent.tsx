import { useMemo, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Thread } from '@supersteward/contract';
import { AirlineLogo } from '../../app/icons';
import { PlusIcon, TrashIcon } from '../../app/sidebarIcons';
import { useChatStore } from '../chat/chatStore';
import { useConfigStore } from '../config/configStore';
import { useDeleteStore } from '../delete/deleteStore';
import { groupThreads } from '../threads/groupThreads';
import { useThreadsStore } from '../threads/threadsStore';
import { LanguageSwitcher } from './LanguageSwitcher';

function ThreadItem({
  thread,
  href,
  current,
  inert,
  onNavigate,
}: {
  thread: Thread;
  href: string;
  current: boolean;
  inert: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const openDelete = useDeleteStore((s) => s.open);
  const name = thread.name || t('common.newConversation');
  const onClick = (event: MouseEvent) => {
    if (inert) event.preventDefault();
    else onNavigate();
  };
  return (
    <li className="group relative" data-testid="thread-item" data-thread-id={thread.thread_id}>
      <Link
        to={href}
        title={name}
        aria-current={current ? 'page' : undefined}
        aria-disabled={inert || undefined}
        onClick={onClick}
        className={`focus-ring block truncate rounded-lg py-2 pr-11 pl-3 text-sm ${
          current
            ? 'bg-brand-100 font-semibold text-brand-900'
            : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
        } ${inert ? 'cursor-not-allowed' : ''}`}
      >
        {name}
      </Link>
      <button
        type="button"
        aria-label={t('sidebar.deleteThread', { name })}
        title={t('deleteActions.delete')}
        aria-disabled={inert || undefined}
        onClick={() => {
          if (!inert) openDelete({ kind: 'one', thread });
        }}
        className={`focus-ring absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:bg-white hover:text-red-700 lg:opacity-0 lg:group-focus-within:opacity-100 lg:group-hover:opacity-100 ${
          current ? 'lg:opacity-100' : ''
        } ${inert ? 'cursor-not-allowed' : ''}`}
      >
        <TrashIcon className="size-4" />
      </button>
    </li>
  );
}

/** Title and logo, New chat, the dated thread groups, Delete all and the language switcher. */
export function SidebarContent({
  onNavigate,
  headerAction,
}: {
  onNavigate: () => void;
  headerAction?: ReactNode;
}) {
  const { t } = useTranslation();
  const { lang = 'mne', threadId } = useParams();
  const threads = useThreadsStore((s) => s.threads);
  const loaded = useThreadsStore((s) => s.loaded);
  const loading = useChatStore((s) => s.loading);
  const airline = useConfigStore((s) => s.config.airline_name);
  const openDelete = useDeleteStore((s) => s.open);
  const groups = useMemo(() => groupThreads(threads), [threads]);
  const noThreads = threads.length === 0;

  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center gap-3 px-4 pt-4 pb-3">
        <AirlineLogo
          className="size-10 shrink-0"
          title={t('sidebar.logo', { airline: airline || t('sidebar.title') })}
        />
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-semibold text-brand-900">{t('sidebar.title')}</p>
          {airline ? <p className="truncate text-xs text-slate-600">{airline}</p> : null}
        </div>
        {headerAction}
      </div>

      <div className="px-3">
        <Link
          to={`/${lang}/chats/new`}
          aria-disabled={loading || undefined}
          aria-current={threadId === 'new' ? 'page' : undefined}
          onClick={(event) => {
            if (loading) event.preventDefault();
            else onNavigate();
          }}
          data-testid="new-chat"
          className={`focus-ring flex items-center justify-center gap-2 rounded-xl bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 ${
            loading ? 'cursor-not-allowed' : ''
          }`}
        >
          <PlusIcon className="size-5" />
          {t('common.newConversation')}
        </Link>
      </div>

      <nav aria-label={t('sidebar.nav')} className="mt-4 min-h-0 flex-1 overflow-y-auto px-3 pb-4">
        {loaded && noThreads ? (
          <p className="px-3 py-2 text-sm text-slate-600">{t('sidebar.empty')}</p>
        ) : null}
        {groups.map((group) => (
          <section key={group.id} aria-labelledby={`group-${group.id}`} className="mb-4">
            <h2
              id={`group-${group.id}`}
              className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
            >
              {t(`sidebar.${group.id}`)}
            </h2>
            <ul className="flex flex-col gap-0.5">
              {group.threads.map((thread) => (
                <ThreadItem
                  key={thread.thread_id}
                  thread={thread}
                  href={`/${lang}/chats/${encodeURIComponent(thread.thread_id)}`}
                  current={thread.thread_id === threadId}
                  inert={loading}
                  onNavigate={onNavigate}
                />
              ))}
            </ul>
          </section>
        ))}
      </nav>

      <div className="flex flex-col gap-3 border-t border-slate-200 p-3">
        <button
          type="button"
          aria-disabled={loading || noThreads || undefined}
          onClick={() => {
            if (!loading && !noThreads) openDelete({ kind: 'all' });
          }}
          data-testid="delete-all"
          className={`focus-ring flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium ${
            loading || noThreads
              ? 'cursor-not-allowed text-slate-500'
              : 'text-red-700 hover:bg-red-50'
          }`}
        >
          <TrashIcon className="size-5" />
          {t('deleteActions.deleteAll')}
        </button>
        <LanguageSwitcher onChanged={onNavigate} />
      </div>
    </div>
  );
}
