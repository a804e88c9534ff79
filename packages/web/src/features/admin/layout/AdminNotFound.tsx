import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from './PageHeader';

export function AdminNotFound() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageHeader title={t('notFound')} />
      <Link to="/admin" className="focus-ring rounded text-brand-700 underline">
        {t('nav.overview')}
      </Link>
    </>
  );
}
