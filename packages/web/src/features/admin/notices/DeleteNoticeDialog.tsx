import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../app/icons';
import { TrashIcon } from '../../../app/sidebarIcons';
import { BUTTON_DANGER, BUTTON_SECONDARY } from '../ui/fields';

/** "Delete this notice?": passengers stop seeing it at once, and it cannot be brought back. */
export function DeleteNoticeDialog({
  open,
  text,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  /** The notice's text in the console's language, quoted in the question. */
  text: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      role="alertdialog"
      className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center"
    >
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <DialogPanel
        data-testid="delete-notice-dialog"
        className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
      >
        <div className="flex items-start gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-700">
            <TrashIcon className="size-5" />
          </span>
          <div className="min-w-0">
            <DialogTitle className="text-lg font-semibold text-slate-900">
              {t('notices.deleteTitle')}
            </DialogTitle>
            <Description className="mt-2 text-sm break-words text-slate-600">
              {t('notices.deleteDetail')}
            </Description>
            <p className="mt-2 line-clamp-4 text-sm break-words whitespace-pre-line text-slate-800">
              {text}
            </p>
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={BUTTON_SECONDARY} onClick={onClose} disabled={busy}>
            {t('notices.cancel')}
          </button>
          <button type="button" className={BUTTON_DANGER} onClick={onConfirm} disabled={busy}>
            {busy ? <Spinner /> : null}
            {t('notices.delete')}
          </button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
