import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfigStore } from '../config/configStore';

/** 'Nije pronađeno': 404, the message, an apology and the way back to /mne/chats/new. */
export function NotFound() {
  const { t } = useTranslation();
  const product = useConfigStore((s) => s.config.product_name);
  useEffect(() => {
    document.title = `${t('notFound.title')} · ${product}`;
  }, [t, product]);
  return (
    <main className="flex min-h-full items-center justify-center bg-slate-50 px-6 py-16">
      <div className="max-w-md text-center" data-testid="not-found">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {t('notFound.title')}
        </p>
        <p className="mt-2 text-7xl font-bold text-brand-900" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">
          <span className="sr-only">404 </span>
          {t('notFound.heading')}
        </h1>
        <p className="mt-3 text-slate-600">{t('notFound.apology')}</p>
        <Link
          to="/mne/chats/new"
          className="focus-ring mt-8 inline-flex rounded-xl bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('notFound.back')}
        </Link>
      </div>
    </main>
  );
}
