import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KB_LIMITS, type CheckReport, type KnowledgeVersion } from '@supersteward/contract/staff';
import { Spinner } from '../../../app/icons';
import { useStaffApi } from '../AdminServices';
import { errorDetail } from '../api/staffRequest';
import { PageHeader } from '../layout/PageHeader';
import { useCan } from '../session/RequireRole';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, CARD, TextField } from '../ui/fields';
import { Section } from '../ui/Section';
import { CheckReportView } from './CheckReportView';
import { draftChanges, useDraftStore } from './draft';
import { OverrideForm } from './OverrideForm';
import { refusedCheck } from './refusal';

const LINK = 'focus-ring rounded text-brand-700 underline-offset-2 hover:underline';

type Outcome =
  | { kind: 'checked'; report: CheckReport }
  | { kind: 'refused'; report: CheckReport; detail: string | null }
  | { kind: 'published'; version: KnowledgeVersion; report: CheckReport }
  | { kind: 'error'; detail: string };

/** A result's heading takes focus, so a screen reader reads the outcome of the action. */
function ResultHeading({ children, tone }: { children: React.ReactNode; tone: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} tabIndex={-1} className={`text-base font-semibold outline-none ${tone}`}>
      {children}
    </h2>
  );
}

/**
 * Check and publish the draft: the regression questions run on the published and the edited
 * knowledge base; a publish that breaks right answers is refused unless an admin gives a reason.
 */
export function PublishScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const isAdmin = useCan('admin');
  const changes = useDraftStore((s) => s.changes);
  const drop = useDraftStore((s) => s.drop);
  const clear = useDraftStore((s) => s.clear);
  const list = draftChanges(changes);
  const [summary, setSummary] = useState('');
  const [summaryError, setSummaryError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'publish' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const runCheck = async () => {
    if (!list) return;
    setBusy('check');
    setOutcome(null);
    try {
      setOutcome({ kind: 'checked', report: await staff.check({ body: { changes: list } }) });
    } catch (error) {
      setOutcome({ kind: 'error', detail: errorDetail(error) ?? t('errors.save') });
    } finally {
      setBusy(null);
    }
  };

  const publish = async (overrideReason?: string) => {
    if (!list) return;
    if (!summary.trim()) return setSummaryError(t('kb.summaryRequired'));
    setBusy('publish');
    try {
      const result = await staff.publish({
        body: {
          changes: list,
          summary: summary.trim(),
          ...(overrideReason ? { override_reason: overrideReason } : {}),
        },
      });
      clear();
      setSummary('');
      setOutcome({ kind: 'published', version: result.version, report: result.check });
    } catch (error) {
      const report = refusedCheck(error);
      setOutcome(
        report
          ? { kind: 'refused', report, detail: errorDetail(error) }
          : { kind: 'error', detail: errorDetail(error) ?? t('errors.save') },
      );
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void publish();
  };

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/knowledge" className={LINK}>
          ← {t('nav.knowledge')}
        </Link>
      </p>
      <PageHeader title={t('kb.publishTitle')} description={t('kb.publishIntro')} />
      <div className="flex flex-col gap-4">
        {list ? (
          <Section title={t('kb.draftChanges')} testId="draft-changes">
            <ul className="flex flex-col gap-2 text-sm">
              {list.map((change) => (
                <li
                  key={`${change.language}/${change.id}`}
                  className="flex flex-wrap items-center gap-3"
                >
                  <Link to={`/admin/knowledge/${change.id}`} className={`${LINK} font-mono`}>
                    {change.language}/{change.id}.md
                  </Link>
                  {change.markdown === null ? (
                    <span className="text-xs font-semibold text-red-800">
                      {t('kb.removedInDraft')}
                    </span>
                  ) : null}
                  <button
                    type="button"
                    className="focus-ring rounded px-1 text-xs text-slate-700 underline"
                    onClick={() => drop(change.id, change.language)}
                  >
                    {t('kb.discard')}
                    <span className="sr-only">
                      {' '}
                      {change.language}/{change.id}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <form onSubmit={submit} noValidate className="mt-4 flex max-w-xl flex-col gap-3">
              <TextField
                label={t('kb.summary')}
                hint={t('kb.summaryHint')}
                error={summaryError}
                value={summary}
                maxLength={KB_LIMITS.summaryMaxLength}
                onChange={(event) => {
                  setSummary(event.target.value);
                  setSummaryError(null);
                }}
                required
              />
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={BUTTON_SECONDARY}
                  onClick={() => void runCheck()}
                  disabled={busy !== null}
                >
                  {busy === 'check' ? <Spinner /> : null}
                  {t('kb.runCheck')}
                </button>
                <button type="submit" className={BUTTON_PRIMARY} disabled={busy !== null}>
                  {busy === 'publish' ? <Spinner /> : null}
                  {t('kb.publish')}
                </button>
              </div>
              <div role="status" aria-live="polite" className="text-sm text-slate-700">
                {busy ? (
                  <span className="inline-flex items-center gap-2">
                    <Spinner />
                    {t('kb.checking')}
                  </span>
                ) : null}
              </div>
            </form>
          </Section>
        ) : outcome?.kind !== 'published' ? (
          <p className="text-sm text-slate-700">{t('kb.noDraft')}</p>
        ) : null}
        {outcome?.kind === 'checked' ? (
          <section className={CARD} data-testid="check-result">
            <ResultHeading tone="text-slate-900">{t('kb.checkTitle')}</ResultHeading>
            <div className="mt-3">
              <CheckReportView report={outcome.report} />
            </div>
          </section>
        ) : null}
        {outcome?.kind === 'refused' ? (
          <section
            className="rounded-2xl border border-red-300 bg-white p-4 shadow-sm sm:p-5"
            data-testid="publish-refused"
          >
            <ResultHeading tone="text-red-800">{t('kb.refusedTitle')}</ResultHeading>
            <p className="mt-1 mb-3 text-sm text-slate-800">
              {isAdmin ? t('kb.refusedAdmin') : t('kb.refusedEditor')}
            </p>
            <CheckReportView report={outcome.report} />
            {isAdmin && list ? (
              <div className="mt-4 border-t border-slate-200 pt-4">
                <OverrideForm busy={busy !== null} onOverride={(reason) => void publish(reason)} />
              </div>
            ) : null}
          </section>
        ) : null}
        {outcome?.kind === 'published' ? (
          <section
            className="rounded-2xl border border-emerald-300 bg-emerald-50 p-4 sm:p-5"
            data-testid="published"
          >
            <ResultHeading tone="text-emerald-900">
              {t('kb.published', { version: outcome.version.version })}
            </ResultHeading>
            <div className="mt-2">
              <CheckReportView report={outcome.report} />
            </div>
            <p className="mt-3 text-sm">
              <Link to={`/admin/knowledge/history/${outcome.version.version}`} className={LINK}>
                {t('kb.versionN', { version: outcome.version.version })}
              </Link>
            </p>
          </section>
        ) : null}
        {outcome?.kind === 'error' ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
            {outcome.detail}
          </p>
        ) : null}
      </div>
    </>
  );
}
