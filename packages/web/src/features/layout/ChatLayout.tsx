import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useServices } from '../../app/services';
import { loadMarkdown } from '../chat/loadMarkdown';
import { useDeleteStore } from '../delete/deleteStore';
import { DesktopSidebar } from '../sidebar/Sidebar';
import { useDrawerStore } from '../sidebar/drawerStore';
import { loadThreads } from '../threads/threadsStore';

// Dialogs (Headless UI) and the answers' Markdown renderer are not needed for the first paint:
// they load when idle or on first use.
const loadDrawer = () => import('../sidebar/SidebarDrawer');
const loadDeleteModal = () => import('../delete/DeleteModal');
const SidebarDrawer = lazy(loadDrawer);
const DeleteModal = lazy(loadDeleteModal);

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

  useEffect(() => {
    void loadThreads(api).catch((error: unknown) => console.error('Thread list failed', error));
    // The first question should not wait for a proof of work.
    captcha.prefetch();
    const preload = () => {
      void loadDrawer();
      void loadDeleteModal();
      void loadMarkdown();
    };
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(preload, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 2000);
    return () => clearTimeout(timer);
  }, [api, captcha]);

  return (
    <div className="flex h-dvh overflow-hidden">
      <DesktopSidebar />
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
