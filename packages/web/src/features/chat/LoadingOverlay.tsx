import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../app/icons';

/** The overlay closes 150 ms after it is hidden. */
export const OVERLAY_CLOSE_DELAY_MS = 150;

export function LoadingOverlay({
  open,
  cancelable,
  onCancel,
}: {
  open: boolean;
  cancelable: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(open);

  useEffect(() => {
    if (open) {
      setVisible(true);
      return;
    }
    const timer = setTimeout(() => setVisible(false), OVERLAY_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  useEffect(() => {
    if (!visible || !cancelable) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible, cancelable, onCancel]);

  if (!visible) return null;
  return (
    <div
      role="status"
      data-testid="loading-overlay"
      className={`absolute inset-0 z-20 flex flex-col items-center justify-center gap-3 bg-slate-50/80 backdrop-blur-[1px] transition-opacity duration-150 ${open ? 'opacity-100' : 'opacity-0'}`}
    >
      <Spinner className="size-8 text-brand-700" />
      <p className="text-sm font-medium text-slate-700">{t('chat.loadingHistory')}</p>
      {cancelable ? (
        <>
          <button
            type="button"
            onClick={onCancel}
            className="focus-ring rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
          >
            {t('chat.cancel')}
          </button>
          {/* Only where there is a keyboard to press it on. */}
          <p className="hidden text-xs text-slate-600 pointer-fine:block">{t('chat.cancelHint')}</p>
        </>
      ) : null}
    </div>
  );
}
