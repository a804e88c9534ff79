import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services';
import { Spinner } from '../../app/icons';
import { TrashIcon } from '../../app/sidebarIcons';
import { normalizeLanguage } from '../i18n/language';
import { showToast } from '../toasts/toastStore';
import { deleteAll, deleteOne, type DeleteDeps } from './deleteActions';
import { useDeleteStore, type DeleteTarget } from './deleteStore';

/** 'Delete chat?' or 'Delete all', Cancel and Delete; 300 ms in, 200 ms out. */
export default function DeleteModal() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { api, captcha, realtime } = useServices();
  const target = useDeleteStore((s) => s.target);
  const deleting = useDeleteStore((s) => s.deleting);
  const close = useDeleteStore((s) => s.close);
  // Keeps the text while the modal fades out after the target is cleared.
  const shown = useRef<DeleteTarget | null>(null);
  if (target) shown.current = target;
  const current = target ?? shown.current;

  // Opening the modal resets any held verification token.
  useEffect(() => {
    if (target) captcha.reset();
  }, [target, captcha]);

  const confirm = () => {
    if (!target || deleting) return;
    const deps: DeleteDeps = {
      api,
      captcha,
      realtime,
      language: normalizeLanguage(i18n.language),
      navigate: (to) => void navigate(to),
      onDeleted: (kind) =>
        showToast({
          type: 'SUCCESS',
          title: t(kind === 'one' ? 'deleteActions.deleted' : 'deleteActions.allDeleted'),
        }),
    };
    void (target.kind === 'one' ? deleteOne(deps, target.thread.thread_id) : deleteAll(deps));
  };

  const name = current?.kind === 'one' ? current.thread.name || t('common.newConversation') : '';
  return (
    <Dialog
      open={target !== null}
      onClose={() => {
        if (!deleting) close();
      }}
      className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center"
    >
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/50 transition-opacity duration-300 ease-out data-closed:opacity-0 data-leave:duration-200 data-leave:ease-in"
      />
      <DialogPanel
        transition
        data-testid="delete-modal"
        className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-xl transition duration-300 ease-out data-closed:translate-y-4 data-closed:opacity-0 data-leave:duration-200 data-leave:ease-in sm:data-closed:translate-y-0 sm:data-closed:scale-95"
      >
        <div className="flex items-start gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-700">
            <TrashIcon className="size-5" />
          </span>
          <div className="min-w-0">
            <DialogTitle className="text-lg font-semibold text-slate-900">
              {current?.kind === 'all' ? t('deleteActions.titleAll') : t('deleteActions.titleOne')}
            </DialogTitle>
            <Description className="mt-2 text-sm break-words text-slate-600">
              {current?.kind === 'all'
                ? t('deleteActions.describeAll')
                : t('deleteActions.describeOne', { name })}
            </Description>
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={close}
            disabled={deleting}
            className="focus-ring rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed"
          >
            {t('deleteActions.cancel')}
          </button>
          <button
            type="button"
            onClick={confirm}
            disabled={deleting}
            aria-busy={deleting || undefined}
            data-testid="confirm-delete"
            className="focus-ring inline-flex items-center justify-center gap-2 rounded-xl bg-red-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-red-700/80"
          >
            {deleting ? <Spinner /> : null}
            {t('deleteActions.delete')}
          </button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
