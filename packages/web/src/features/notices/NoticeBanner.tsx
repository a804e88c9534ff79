import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import type { PUBLIC_NOTICES_PATH, PublicNotice } from '@supersteward/contract/staff';
import { CloseIcon, WarningIcon } from '../../app/icons';
import { normalizeLanguage } from '../i18n/language';
import { clockSkew, nextChangeIn, readNotices, showing } from './noticeTimes';

// The contract's path, checked by the compiler: importing the value would bring the staff
// contract's route table into this chunk.
const NOTICES_PATH = '/api/notices' satisfies typeof PUBLIC_NOTICES_PATH;

/** Notices come again this often while the page is shown (and on every navigation). */
const REFRESH_MS = 5 * 60_000;
const DISMISSED_KEY = 'dismissed-notices';

// The banner's two texts live in its own chunk: the passengers' dictionary is in the first load,
// which has no bytes to spare for a banner most visits never show.
const TEXT = {
  mne: { label: 'Obavještenja', dismiss: 'Zatvori obavještenje' },
  en: { label: 'Notices', dismiss: 'Dismiss notice' },
} as const;

// Storage can throw (private mode): dismissing then lasts until the page is left.
function readDismissed(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
function writeDismissed(ids: string[]): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(ids));
  } catch {
    // kept in memory only
  }
}

/**
 * The airline's notices showing now (a strike, weather, an airport closure), in the passenger's
 * language, as plain text (React text nodes: whatever staff typed is never HTML). Read on mount, on
 * every navigation, when the tab is shown again and every few minutes; each leaves
 * by itself when it ends, by the server's clock. A passenger may dismiss one for the session.
 */
export default function NoticeBanner() {
  const lang = normalizeLanguage(useParams().lang);
  const refreshKey = useLocation().pathname;
  const [notices, setNotices] = useState<PublicNotice[]>([]);
  const [skew, setSkew] = useState(0);
  const [now, setNow] = useState(Date.now);
  const [dismissed, setDismissed] = useState(readDismissed);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    let controller: AbortController | undefined;
    const load = async () => {
      controller?.abort();
      const current = (controller = new AbortController());
      try {
        const sentAt = Date.now();
        const response = await fetch(`${import.meta.env.VITE_API_BASE ?? ''}${NOTICES_PATH}`, {
          headers: { accept: 'application/json' },
          signal: current.signal,
        });
        if (!response.ok) return;
        const body: unknown = await response.json();
        const receivedAt = Date.now();
        setSkew(clockSkew(response.headers.get('date'), sentAt, receivedAt));
        setNotices(readNotices(body));
        setNow(receivedAt);
      } catch {
        // Offline or aborted: the notices shown stay until they end; the next refresh tries again.
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    void load();
    const timer = setInterval(onVisible, REFRESH_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller?.abort();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refreshKey]);

  // Wake up when a notice starts or ends, so one that ends leaves without a request.
  useEffect(() => {
    const delay = nextChangeIn(notices, now + skew);
    if (delay === null) return;
    const timer = setTimeout(() => setNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [notices, now, skew]);

  const shown = showing(notices, now + skew, dismissed);
  const text = TEXT[lang];

  const dismiss = (id: string) => {
    const buttons = [...(list.current?.querySelectorAll('button') ?? [])];
    const index = shown.findIndex((n) => n.id === id);
    const next = [...dismissed, id];
    setDismissed(next);
    writeDismissed(next);
    // Focus goes to the next notice's button, or back to the question box.
    const target = buttons[index + 1] ?? buttons[index - 1];
    (target ?? document.getElementById('chat-input'))?.focus();
  };

  return (
    <div aria-live="polite" className="shrink-0" data-testid="notices">
      {shown.length > 0 ? (
        <section aria-label={text.label} className="border-b border-amber-200 bg-amber-50">
          <ul ref={list} className="mx-auto flex max-w-3xl flex-col gap-1 px-3 py-2 sm:px-6">
            {shown.map((notice) => (
              <li
                key={notice.id}
                className="flex items-start gap-2 text-sm text-amber-950"
                data-testid="notice"
                data-id={notice.id}
              >
                <WarningIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
                <p className="min-w-0 flex-1 py-0.5 break-words whitespace-pre-line">
                  {notice.text[lang]}
                </p>
                <button
                  type="button"
                  aria-label={text.dismiss}
                  onClick={() => dismiss(notice.id)}
                  className="focus-ring inline-flex size-8 shrink-0 items-center justify-center rounded-md text-amber-900 hover:bg-amber-100"
                >
                  <CloseIcon className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
