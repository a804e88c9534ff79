import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../session/RequireRole';
import { useDraftStore } from './draft';

const LINK = 'focus-ring rounded font-semibold text-brand-700 underline-offset-2 hover:underline';

/** How many edits wait in the draft, and the way to check and publish them. */
export function DraftBar() {
  const { t } = useTranslation('admin');
  const count = useDraftStore((s) => Object.keys(s.changes).length);
  const canEdit = useCan('editor');
  if (!canEdit || count === 0) return null;
  return (
    <div
      className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="draft-bar"
    >
      <p>{t('kb.draftCount', { n: count })}</p>
      <Link to="/admin/knowledge/publish" className={LINK}>
        {t('kb.checkAndPublish')}
      </Link>
      <Link to="/admin/try?knowledge=draft" className={LINK}>
        {t('kb.tryWithDraft')}
      </Link>
    </div>
  );
}
