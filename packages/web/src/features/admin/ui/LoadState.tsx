import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../app/icons';
import { errorDetail } from '../api/staffRequest';
import { BUTTON_SECONDARY } from './fields';

/** Loading and error states of a screen's data, announced politely. */
export function LoadState({
  loading,
  error,
  reload,
}: {
  loading: boolean;
  error: unknown;
  reload: () => void;
}) {
  const { t } = useTranslation('admin');
  if (error) {
    const detail = errorDetail(error);
    return (
      <div
        role="alert"
        className="mb-4 flex flex-wrap items-center gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800"
      >
        <span>
          {t('errors.load')}
          {detail ? ` (${detail})` : ''}
        </span>
        <button type="button" className={BUTTON_SECONDARY} onClick={reload}>
          {t('errors.retry')}
        </button>
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite" className="text-sm text-slate-600">
      {loading ? (
        <span className="mb-4 inline-flex items-center gap-2">
          <Spinner />
          {t('loading')}
        </span>
      ) : null}
    </div>
  );
}
