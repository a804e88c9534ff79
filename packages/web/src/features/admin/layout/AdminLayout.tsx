import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { CloseIcon, MenuIcon } from '../../../app/icons';
import { AdminNavContent } from './AdminNavContent';

/** Moves focus to the new screen's heading after a navigation (not on the first load). */
function useFocusHeadingOnNavigate(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The screen renders its heading in the same commit; wait a frame for lazy content.
    const id = requestAnimationFrame(() => document.getElementById('admin-page-title')?.focus());
    return () => cancelAnimationFrame(id);
  }, [pathname]);
}

/** The console's frame: a fixed menu on a desktop, a top bar with a drawer on a phone. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const [menuOpen, setMenuOpen] = useState(false);
  useFocusHeadingOnNavigate();

  return (
    <div className="flex min-h-dvh bg-slate-50">
      <a
        href="#admin-main"
        className="focus-ring sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
        <AdminNavContent />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-2 lg:hidden">
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-label={t('nav.openMenu')}
            aria-expanded={menuOpen}
            data-testid="admin-open-menu"
            className="focus-ring inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
          >
            <MenuIcon className="size-6" />
          </button>
          <p className="truncate font-semibold text-brand-900">{t('title')}</p>
        </header>
        <main
          id="admin-main"
          tabIndex={-1}
          className="min-w-0 flex-1 p-4 outline-none sm:p-6 lg:p-8"
        >
          <div className="mx-auto max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>

      <Dialog
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        aria-label={t('nav.label')}
        className="fixed inset-0 z-40 flex lg:hidden"
      >
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-slate-900/50 transition-opacity duration-300 ease-out data-closed:opacity-0"
        />
        <DialogPanel
          transition
          data-testid="admin-drawer"
          className="relative flex w-80 max-w-[85vw] flex-col bg-white shadow-xl transition duration-300 ease-out data-closed:-translate-x-full"
        >
          <AdminNavContent
            onNavigate={() => setMenuOpen(false)}
            headerAction={
              <button
                type="button"
                onClick={() => setMenuOpen(false)}
                aria-label={t('nav.closeMenu')}
                className="focus-ring -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
              >
                <CloseIcon className="size-6" />
              </button>
            }
          />
        </DialogPanel>
      </Dialog>
    </div>
  );
}
