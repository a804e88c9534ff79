import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useServices } from '../../app/services';
import { AirlineLogo, MenuIcon } from '../../app/icons';
import { useConfigStore } from '../config/configStore';
import { useDrawerStore } from '../sidebar/drawerStore';
import { ensureUuid } from '../user/userStore';
import { useChatStore } from './chatStore';
import { Composer } from './Composer';
import { keepsScreen } from './historyOnEntry';
import { loadMarkdown } from './loadMarkdown';
import { MessageRow } from './MessageRow';
import { SuggestedQuestions } from './SuggestedQuestions';
import { useChatActions } from './useChatActions';

// The airline's notices: a chunk of their own, fetched half a second after the chat first renders,
// when it is usable (the first load has no bytes to spare; most visits have no notice to show).
const NoticeBanner = lazy(() =>
  new Promise((later) => setTimeout(later, 500)).then(() => import('../notices/NoticeBanner')),
);

// Shown only while a thread's history loads (never on a new chat): fetched the first time.
const LoadingOverlay = lazy(async () => ({
  default: (await import('./LoadingOverlay')).LoadingOverlay,
}));

function MessageList() {
  const { t } = useTranslation();
  const messages = useChatStore((s) => s.messages);
  const shownFrom = useChatStore((s) => s.shownFrom);
  const { feedback, retry } = useChatActions();
  const onFeedback = useCallback(
    (id: string, sentiment: Parameters<typeof feedback>[1]) => void feedback(id, sentiment),
    [feedback],
  );
  // The older messages of a loaded history follow a batch per task, newest first, once the
  // Markdown renderer is here (rows all waiting for it would be parsed in a single task).
  useEffect(() => {
    if (shownFrom === 0) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      if (live) timer = setTimeout(() => useChatStore.getState().showOlder(), 0);
    };
    // Without the renderer (offline) the older rows come anyway, as plain text.
    loadMarkdown().then(next, next);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [shownFrom]);
  return (
    <ol
      aria-label={t('chat.conversation')}
      aria-busy={shownFrom > 0 ? true : undefined}
      className="flex flex-col gap-5"
      data-testid="messages"
    >
      {messages.slice(shownFrom).map((message, at) => (
        <MessageRow
          key={message.message_id || `i${shownFrom + at}`}
          message={message}
          onFeedback={onFeedback}
          onRetry={retry}
        />
      ))}
    </ol>
  );
}

export function ChatScreen() {
  const { t } = useTranslation();
  const { lang = 'mne', threadId = 'new' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { api } = useServices();
  const { send } = useChatActions();
  const airline = useConfigStore((s) => s.config.airline_name);
  const hasMessages = useChatStore((s) => s.messages.length > 0);
  const loading = useChatStore((s) => s.loading);
  const historyLoading = useChatStore((s) => s.historyLoading);
  const [overlayUsed, setOverlayUsed] = useState(historyLoading);
  if (historyLoading && !overlayUsed) setOverlayUsed(true);
  const announcement = useChatStore((s) => s.announcement);
  const count = useChatStore((s) => s.messages.length);
  const openDrawer = useDrawerStore((s) => s.setOpen);
  const historyAbort = useRef<AbortController | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  const historyParam = search.get('history');
  const languageSwitch =
    (location.state as { languageSwitch?: boolean } | null)?.languageSwitch === true;

  // Entering a chats route resets input and thread and loads the history.
  useEffect(() => {
    const chat = useChatStore.getState();
    const keep = keepsScreen({
      threadId,
      historyParam,
      languageSwitch,
      shownThreadId: chat.threadId,
      shownMessages: chat.messages.length,
    });
    chat.setThread(threadId);
    // Kept screen, kept text: what was typed while the first answer loaded survives its move.
    if (keep) return;
    chat.setInput('');
    if (threadId === 'new') {
      chat.reset();
      void ensureUuid(api).catch((error: unknown) =>
        console.error('POST /user/create_uuid failed', error),
      );
      return;
    }
    chat.reset();
    const controller = new AbortController();
    historyAbort.current = controller;
    chat.setHistoryLoading(true);
    api
      .history(threadId, controller.signal)
      .then((history) => {
        if (controller.signal.aborted) return;
        if (history === null || !Array.isArray(history)) {
          void navigate(`/${lang}/chats/new`, { replace: true });
          return;
        }
        useChatStore.getState().setMessages(history);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('GET history failed', error);
        void navigate(`/${lang}/chats/new`, { replace: true });
      })
      .finally(() => {
        if (historyAbort.current === controller) {
          historyAbort.current = null;
          useChatStore.getState().setHistoryLoading(false);
        }
      });
    return () => {
      controller.abort();
    };
    // location.key: a click on the current route (e.g. New chat on a new chat) resets too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [threadId, location.key]);

  const cancelHistory = useCallback(() => {
    historyAbort.current?.abort();
    historyAbort.current = null;
    useChatStore.getState().setHistoryLoading(false);
    void navigate(`/${lang}/chats/new`, { replace: true });
  }, [lang, navigate]);

  // Follow the conversation as it grows (streamed pieces, then the reply's sources and feedback
  // buttons, the Markdown renderer arriving), unless the reader scrolled up to read.
  const nearBottom = useRef(true);
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = scroller.current;
    const inner = content.current;
    if (!box || !inner) return;
    const follow = new ResizeObserver(() => {
      if (nearBottom.current) box.scrollTop = box.scrollHeight;
    });
    follow.observe(inner);
    return () => follow.disconnect();
  }, []);
  // A new question or a loaded history always brings the end into view.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    box.scrollTop = box.scrollHeight;
    nearBottom.current = true;
  }, [count]);
  const onScroll = () => {
    const box = scroller.current;
    if (box) nearBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 120;
  };

  return (
    <div className="relative flex h-full min-h-0 flex-col">
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/90 px-2 backdrop-blur sm:px-4">
        <button
          type="button"
          onClick={() => openDrawer(true)}
          aria-label={t('sidebar.open')}
          data-testid="open-sidebar"
          className="focus-ring inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
        >
          <MenuIcon className="size-6" />
        </button>
        <div className="min-w-0">
          <h1 className="truncate text-base font-semibold text-brand-900">{t('common.appName')}</h1>
          <p className="truncate text-xs text-slate-600">
            {airline ? t('chat.subtitle', { airline }) : t('chat.subtitleNoAirline')}
          </p>
        </div>
      </header>
      <Suspense fallback={null}>
        <NoticeBanner />
      </Suspense>

      <div
        ref={scroller}
        onScroll={onScroll}
        className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain"
      >
        <div
          ref={content}
          className="mx-auto flex min-h-full w-full max-w-3xl flex-col px-3 py-6 sm:px-6"
        >
          {hasMessages ? (
            <MessageList />
          ) : (
            <div className="my-auto flex flex-col items-center gap-6 py-6 text-center">
              <AirlineLogo className="size-16" />
              <div>
                <h2 className="text-2xl font-semibold text-slate-900 sm:text-3xl">
                  {t('common.appName')}
                </h2>
                <p className="mt-2 text-slate-600">{t('chat.intro')}</p>
              </div>
              <SuggestedQuestions
                disabled={loading}
                onPick={(question) => {
                  // The cards go away with the first message: keep focus in the text box.
                  document.getElementById('chat-input')?.focus();
                  void send(question, 'click');
                }}
              />
            </div>
          )}
        </div>
      </div>

      <div className="shrink-0 bg-gradient-to-t from-slate-50 via-slate-50 to-slate-50/0 px-3 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6">
        <div className="mx-auto w-full max-w-3xl">
          <Composer onSend={(text) => void send(text, 'sendMessage')} />
          <p id="chat-warning" className="mt-2 text-center text-xs text-slate-600">
            {t('chat.warning')}
          </p>
        </div>
      </div>

      {overlayUsed ? (
        <Suspense fallback={null}>
          <LoadingOverlay open={historyLoading} cancelable onCancel={cancelHistory} />
        </Suspense>
      ) : null}
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="answer-announcer">
        {announcement}
      </div>
    </div>
  );
}
