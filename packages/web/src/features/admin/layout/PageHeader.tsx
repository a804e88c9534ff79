import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigStore } from '../../config/configStore';

/**
 * A screen's heading (the one h1 of the page) and its actions; sets the document title. The
 * heading takes focus after a navigation so a screen reader announces the new screen.
 */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const product = useConfigStore((s) => s.config.product_name);
  useEffect(() => {
    document.title = `${title} · ${t('title')} · ${product}`;
  }, [title, t, product]);
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1
          id="admin-page-title"
          tabIndex={-1}
          className="text-2xl font-semibold text-slate-900 outline-none"
        >
          {title}
        </h1>
        {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
