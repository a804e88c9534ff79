import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useServices } from '../../app/services';
import { loadMarkdown } from '../chat/loadMarkdown';
import { useDeleteStore } from '../delete/deleteStore';
import { useDrawerStore } from '../sidebar/drawerStore';
import { loadThreads } from '../threads/threadsStore';

// Dialogs (Headless UI) and the answers' Markdown renderer are not needed for the first paint,
// and a visitor who only looks never needs them: they load on the visitor's first touch, key
// or focus (long before an answer or a dialog is due), or on first use.
const loadDrawer = () => import('../sidebar/SidebarDrawer');
const loadDeleteModal = () => import('../delete/DeleteModal');
const SidebarDrawer = lazy(loadDrawer);
const DeleteModal = lazy(loadDeleteModal);
// The fixed sidebar shows on large screens only: a phone does not download it with the chat.
const DesktopSidebar = lazy(async () => ({
  default: (await import('../sidebar/Sidebar')).DesktopSidebar,
}));
const LARGE_SCREEN = '(min-width: 1024px)';
const FIRST_INTERACTION = ['pointerdown', 'keydown', 'focusin'] as const;

/** True while the viewport is large enough for the fixed sidebar (Tailwind's lg). */
function useLargeScreen(): boolean {
  const [large, setLarge] = useState(() => window.matchMedia(LARGE_SCREEN).matches);
  useEffect(() => {
    const query = window.matchMedia(LARGE_SCREEN);
    const update = () => setLarge(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return large;
}

/** True from the first time `value` is true on. */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

/** Sidebar (fixed or drawer) beside the chat; loads the visitor's threads once. */
export function ChatLayout() {
  const { api, captcha } = useServices();
  const drawerUsed = useOnceTrue(useDrawerStore((s) => s.open));
  const modalUsed = useOnceTrue(useDeleteStore((s) => s.target !== null));
  const largeScreen = useLargeScreen();

  useEffect(() => {
    void loadThreads(api).catch((error: unknown) => console.error('Thread list failed', error));
    // The first question should not wait for a proof of work.
    captcha.prefetch();
    const preload = () => {
      stop();
      void loadDrawer();
      void loadDeleteModal();
      void loadMarkdown();
    };
    const stop = () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, preload, true);
    };
    for (const type of FIRST_INTERACTION) window.addEventListener(type, preload, true);
    return stop;
  }, [api, captcha]);

  return (
    <div className="flex h-dvh overflow-hidden">
      {largeScreen ? (
        <Suspense fallback={<div className="hidden w-80 shrink-0 lg:block" />}>
          <DesktopSidebar />
        </Suspense>
      ) : null}
      <main className="min-w-0 flex-1">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        {drawerUsed ? <SidebarDrawer /> : null}
        {modalUsed ? <DeleteModal /> : null}
      </Suspense>
    </div>
  );
}
