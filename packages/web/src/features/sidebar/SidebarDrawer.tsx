import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../app/icons';
import { useDrawerStore } from './drawerStore';
import { SidebarContent } from './SidebarContent';
import { useSwipeToClose } from './useSwipeToClose';

/** Below lg: a drawer from the left edge, closed by its button or a left swipe over 50 px. */
export default function SidebarDrawer() {
  const { t } = useTranslation();
  const open = useDrawerStore((s) => s.open);
  const setOpen = useDrawerStore((s) => s.setOpen);
  const close = () => setOpen(false);
  const swipe = useSwipeToClose(close);
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-label={t('sidebar.nav')}
      className="fixed inset-0 z-40 flex lg:hidden"
    >
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/50 transition-opacity duration-300 ease-out data-closed:opacity-0 data-leave:duration-200 data-leave:ease-in"
      />
      <DialogPanel
        transition
        data-testid="sidebar-drawer"
        className="relative flex w-80 max-w-[85vw] touch-pan-y flex-col bg-white shadow-xl transition duration-300 ease-out data-closed:-translate-x-full data-leave:duration-200 data-leave:ease-in"
        {...swipe}
      >
        <SidebarContent
          onNavigate={close}
          headerAction={
            <button
              type="button"
              onClick={close}
              aria-label={t('sidebar.close')}
              data-testid="close-sidebar"
              className="focus-ring -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
            >
              <CloseIcon className="size-6" />
            </button>
          }
        />
      </DialogPanel>
    </Dialog>
  );
}
