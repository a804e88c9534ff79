import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { CheckReport } from '@supersteward/contract/staff';
import { Spinner } from '../../../app/icons';
import { showToast } from '../../toasts/toastStore';
import { useStaffApi } from '../AdminServices';
import { errorDetail } from '../api/staffRequest';
import { PageHeader } from '../layout/PageHeader';
import { useCan } from '../session/RequireRole';
import { BUTTON_SECONDARY, CARD } from '../ui/fields';
import { LoadState } from '../ui/LoadState';
import { useStaffQuery } from '../ui/useStaffQuery';
import { CheckReportView } from './CheckReportView';
import { DiffView } from './DiffView';
import { VersionSummary } from './HistoryScreen';
import { OverrideForm } from './OverrideForm';
import { refusedCheck } from './refusal';

const LINK = 'focus-ring rounded text-brand-700 underline-offset-2 hover:underline';

/**
 * One published version: what it changed, file by file as a diff; an editor may put the knowledge
 * base back as it was at this version (restore) or just before it (revert), checked like a publish.
 */
export function VersionScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const navigate = useNavigate();
  const canEdit = useCan('editor');
  const isAdmin = useCan('admin');
  const version = Number(useParams().version ?? '0');
  const query = useStaffQuery(
    (signal) => staff.version({ params: { version }, signal }),
    String(version),
  );
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ target: number; report: CheckReport } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const restore = async (target: number, overrideReason?: string) => {
    setBusy(true);
    setError(null);
    try {
      const result = await staff.restore({
        params: { version: target },
        body: {
          summary: t('kb.restoreSummary', { version: target }),
          ...(overrideReason ? { override_reason: overrideReason } : {}),
        },
      });
      setRefused(null);
      showToast({
        type: 'SUCCESS',
        title: t('kb.published', { version: result.version.version }),
      });
      void navigate(`/admin/knowledge/history/${result.version.version}`);
    } catch (caught) {
      const report = refusedCheck(caught);
      if (report) setRefused({ target, report });
      else setError(errorDetail(caught) ?? t('errors.save'));
    } finally {
      setBusy(false);
    }
  };

  const data = query.data;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/knowledge/history" className={LINK}>
          ← {t('kb.history')}
        </Link>
      </p>
      <PageHeader
        title={t('kb.versionN', { version })}
        actions={
          canEdit && data ? (
            <>
              <button
                type="button"
                className={BUTTON_SECONDARY}
                disabled={busy}
                onClick={() => void restore(version)}
              >
                {busy ? <Spinner /> : null}
                {t('kb.restore')}
              </button>
              {version > 0 ? (
                <button
                  type="button"
                  className={BUTTON_SECONDARY}
                  disabled={busy}
                  onClick={() => void restore(version - 1)}
                >
                  {t('kb.revert')}
                </button>
              ) : null}
            </>
          ) : undefined
        }
      />
      <LoadState loading={query.loading} error={query.error} reload={query.reload} />
      {error ? (
        <p role="alert" className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {refused ? (
        <section
          role="alert"
          className="mb-4 rounded-2xl border border-red-300 bg-white p-4 shadow-sm sm:p-5"
          data-testid="publish-refused"
        >
          <h2 className="text-base font-semibold text-red-800">{t('kb.refusedTitle')}</h2>
          <p className="mt-1 mb-3 text-sm text-slate-800">
            {isAdmin ? t('kb.refusedAdmin') : t('kb.refusedEditor')}
          </p>
          <CheckReportView report={refused.report} />
          {isAdmin ? (
            <div className="mt-4 border-t border-slate-200 pt-4">
              <OverrideForm
                busy={busy}
                onOverride={(reason) => void restore(refused.target, reason)}
              />
            </div>
          ) : null}
        </section>
      ) : null}
      {data ? (
        <div className="flex flex-col gap-4">
          <div className={CARD}>
            <VersionSummary version={data.version} />
          </div>
          {data.files.map((file) => (
            <div key={`${file.language}/${file.id}`} className={CARD}>
              <DiffView file={file} />
            </div>
          ))}
        </div>
      ) : null}
    </>
  );
}
