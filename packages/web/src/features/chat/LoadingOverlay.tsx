import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../app/icons';

/** Spec section 9: the overlay closes 150 ms after it is hidden. */
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
      {cancelable ? <p className="text-xs text-slate-600">{t('chat.cancelHint')}</p> : null}
    </div>
  );
}
