import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegressionList } from '@supersteward/contract/staff';
import { showToast } from '../../toasts/toastStore';
import { useStaffApi } from '../AdminServices';
import { errorDetail } from '../api/staffRequest';
import { useCan } from '../session/RequireRole';
import { BUTTON_SECONDARY } from '../ui/fields';
import { useFormats } from '../ui/format';

/** The questions that guard a publish: how many of each kind, and the pinned ones to unpin. */
export function PinnedList({ list, onChanged }: { list: RegressionList; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  const staff = useStaffApi();
  const canEdit = useCan('editor');
  const [busy, setBusy] = useState<string | null>(null);
  const count = (source: string) => list.filter((q) => q.source === source).length;
  const pinned = list.filter((q) => q.source === 'pinned');

  const unpin = async (id: string) => {
    setBusy(id);
    try {
      await staff.unpin({ params: { id } });
      onChanged();
    } catch (error) {
      showToast({ type: 'ERROR', title: t('errors.save'), description: errorDetail(error) ?? '' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="text-slate-700" data-testid="guard-counts">
        {t('try.guardCounts', {
          eval: count('eval'),
          sample: count('sample'),
          pinned: pinned.length,
        })}
      </p>
      {pinned.length === 0 ? (
        <p className="text-slate-600">{t('try.noPinned')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="pinned-questions">
          {pinned.map((q) => (
            <li
              key={q.id}
              className="flex flex-wrap items-start justify-between gap-2 rounded-xl border border-slate-200 p-3"
              data-testid="pinned-question"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-slate-900">“{q.question}”</p>
                <p className="mt-1 text-xs text-slate-600">
                  {t(`languages.${q.language}`, { ns: 'translation' })}
                  {q.expect.length ? (
                    <>
                      {' '}
                      · {t('kb.expects')} <span className="font-mono">{q.expect.join(' ')}</span>
                    </>
                  ) : null}
                  {q.pinned_by ? ` · ${q.pinned_by}` : ''}
                  {q.pinned_at ? ` · ${f.dateTime(q.pinned_at)}` : ''}
                </p>
                {q.note ? <p className="mt-1 text-slate-800">{q.note}</p> : null}
              </div>
              {canEdit ? (
                <button
                  type="button"
                  className={BUTTON_SECONDARY}
                  disabled={busy === q.id}
                  onClick={() => void unpin(q.id)}
                >
                  {t('try.unpin')}
                  <span className="sr-only">: {q.question}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
