import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useToastStore, type Toast, type ToastType } from './toastStore';
import { CheckIcon, CloseIcon, InfoIcon, WarningIcon } from '../../app/icons';

const MARKS: Record<ToastType, { icon: typeof CheckIcon; className: string }> = {
  SUCCESS: { icon: CheckIcon, className: 'text-green-700 bg-green-100' },
  ERROR: { icon: WarningIcon, className: 'text-red-700 bg-red-100' },
  INFO: { icon: InfoIcon, className: 'text-yellow-800 bg-yellow-100' },
};

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const close = useToastStore((s) => s.close);
  const mark = MARKS[toast.type];
  const Icon = mark.icon;
  return (
    <li
      className="toast-in pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
      data-testid="toast"
      data-type={toast.type}
      role={toast.type === 'ERROR' ? 'alert' : 'status'}
    >
      <span
        className={`flex size-7 shrink-0 items-center justify-center rounded-full ${mark.className}`}
      >
        <Icon className="size-5" />
        <span className="sr-only">{t(`toasts.${toast.type}`)}</span>
      </span>
      <div className="min-w-0 flex-1 pt-0.5">
        <p className="text-sm font-semibold text-slate-900">{toast.title}</p>
        {toast.description ? (
          <p className="mt-1 text-sm text-slate-600">{toast.description}</p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => close(toast.id)}
        className="focus-ring -m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      >
        <span className="sr-only">{t('toasts.close')}</span>
        <CloseIcon className="size-5" />
      </button>
    </li>
  );
}

/** The global notification area, mounted in `#notification`. */
export function Toasts({ container }: { container?: Element | null }) {
  const { t } = useTranslation();
  const toasts = useToastStore((s) => s.toasts);
  const target = container ?? document.getElementById('notification');
  if (!target) return null;
  return createPortal(
    <section
      aria-label={t('toasts.region')}
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex justify-center p-4 sm:justify-end"
    >
      <ol className="flex w-full max-w-sm flex-col gap-2">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>,
    target,
  );
}
