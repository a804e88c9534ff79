import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { KnowledgeVersion } from '@supersteward/contract/staff';
import { useStaffApi } from '../AdminServices';
import { PageHeader } from '../layout/PageHeader';
import { useFormats } from '../ui/format';
import { LoadState } from '../ui/LoadState';
import { Section } from '../ui/Section';
import { useStaffQuery } from '../ui/useStaffQuery';
import { ExportButton } from './ExportButton';

const LINK = 'focus-ring rounded text-brand-700 underline-offset-2 hover:underline';

/** Who published a version, when, why, and what it changed (shared by the list and the detail). */
export function VersionSummary({ version }: { version: KnowledgeVersion }) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="text-xs text-slate-600">
        {f.dateTime(version.published_at)} · {version.published_by ?? t('kb.seed')}
        {version.check
          ? ` · ${t('kb.versionCheck', {
              total: version.check.total,
              before: version.check.passed_before,
              after: version.check.passed_after,
              broken: version.check.broken,
            })}`
          : ''}
      </p>
      <p className="break-words text-slate-900">{version.summary}</p>
      {version.restored_from !== null ? (
        <p className="text-xs text-slate-700">
          {t('kb.restoredFrom', { version: version.restored_from })}
        </p>
      ) : null}
      {version.override_reason ? (
        <p className="rounded-lg bg-red-50 px-2 py-1 text-xs text-red-900">
          <span className="font-semibold">{t('kb.overridden')}:</span> {version.override_reason}
        </p>
      ) : null}
      {version.files.length ? (
        <ul className="flex flex-wrap gap-1">
          {version.files.map((file) => (
            <li
              key={`${file.language}/${file.id}`}
              className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-800"
            >
              {file.language}/{file.id} · {t(`kb.action.${file.action}`)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Every published version, newest first, each opening its diff and restore. */
export function HistoryScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const query = useStaffQuery((signal) => staff.versions({ signal }), 'versions');
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/knowledge" className={LINK}>
          ← {t('nav.knowledge')}
        </Link>
      </p>
      <PageHeader title={t('kb.history')} actions={<ExportButton />} />
      <LoadState loading={query.loading} error={query.error} reload={query.reload} />
      {query.data ? (
        <Section title={t('kb.history')} testId="versions">
          <ol className="flex flex-col divide-y divide-slate-100">
            {query.data.map((version) => (
              <li key={version.version} className="py-3" data-testid="version">
                <Link
                  to={`/admin/knowledge/history/${version.version}`}
                  className={`${LINK} font-semibold`}
                >
                  {t('kb.versionN', { version: version.version })}
                </Link>
                <div className="mt-1">
                  <VersionSummary version={version} />
                </div>
              </li>
            ))}
          </ol>
        </Section>
      ) : null}
    </>
  );
}
