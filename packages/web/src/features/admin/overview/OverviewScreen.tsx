import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerOutcome, Overview } from '@supersteward/contract/staff';
import { ThumbDownIcon, ThumbUpIcon } from '../../../app/icons';
import { useStaffApi } from '../AdminServices';
import { PageHeader } from '../layout/PageHeader';
import { DateRangeFilter, useDateRange } from '../ui/DateRangeFilter';
import { useFormats, type Formats } from '../ui/format';
import { LoadState } from '../ui/LoadState';
import { Section } from '../ui/Section';
import { useStaffQuery } from '../ui/useStaffQuery';

// The chart library loads with the first chart, not with the console.
const BarChart = lazy(() => import('./BarChart'));

const OUTCOMES: readonly AnswerOutcome[] = ['answered', 'out_of_scope', 'small_talk', 'failed'];
const OUTCOME_COLORS: Record<AnswerOutcome, string> = {
  answered: 'bg-emerald-600',
  out_of_scope: 'bg-amber-500',
  small_talk: 'bg-sky-500',
  failed: 'bg-red-600',
};

function Stat({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: ReactNode;
  detail?: string;
  testId?: string;
}) {
  return (
    <div
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid={testId}
    >
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">{value}</dd>
      {detail ? <dd className="text-sm text-slate-600">{detail}</dd> : null}
    </div>
  );
}

/** A chart with the same numbers as a table for screen readers. */
function ChartWithTable({
  caption,
  labels,
  values,
  columnLabel,
  valueLabel,
}: {
  caption: string;
  labels: string[];
  values: number[];
  columnLabel: string;
  valueLabel: string;
}) {
  return (
    <>
      <Suspense fallback={<div className="h-[220px]" />}>
        <BarChart labels={labels} values={values} name={valueLabel} />
      </Suspense>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{columnLabel}</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={`${label}-${i}`}>
              <th scope="row">{label}</th>
              <td>{values[i]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Labelled horizontal bars (plain HTML): outcome shares, languages. */
function ShareBars({
  rows,
  total,
  f,
  testId,
}: {
  rows: { key: string; label: string; value: number; color: string }[];
  total: number;
  f: Formats;
  testId?: string;
}) {
  return (
    <ul className="flex flex-col gap-3" data-testid={testId}>
      {rows.map((row) => (
        <li key={row.key} data-key={row.key}>
          <div className="flex justify-between gap-2 text-sm">
            <span className="text-slate-800">{row.label}</span>
            <span className="font-medium text-slate-900 tabular-nums">
              {f.number(row.value)} · {f.percent(row.value, total)}
            </span>
          </div>
          <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
            <div
              className={`h-2 rounded-full ${row.color}`}
              style={{ width: `${total > 0 ? (row.value / total) * 100 : 0}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

function OverviewBody({ data }: { data: Overview }) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  const dayLabels = useMemo(() => data.per_day.map((d) => f.day(d.day)), [data, f]);
  const dayValues = useMemo(() => data.per_day.map((d) => d.questions), [data]);
  const hourLabels = useMemo(() => data.last_day_per_hour.map((h) => f.hour(h.hour)), [data, f]);
  const hourValues = useMemo(() => data.last_day_per_hour.map((h) => h.questions), [data]);
  const feedbackTotal = data.feedback.positive + data.feedback.negative;
  const languageTotal = data.by_language.reduce((sum, l) => sum + l.questions, 0);

  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          testId="stat-questions"
          label={t('overview.questions')}
          value={f.number(data.questions)}
        />
        <Stat
          testId="stat-answered"
          label={t('outcomes.answered')}
          value={f.percent(data.outcomes.answered, data.questions)}
          detail={t('overview.ofQuestions', { n: f.number(data.outcomes.answered) })}
        />
        <Stat
          testId="stat-feedback"
          label={t('overview.feedback')}
          value={
            <span className="inline-flex items-center gap-3">
              <span className="inline-flex items-center gap-1">
                <ThumbUpIcon className="size-5 text-emerald-700" />
                <span className="sr-only">{t('overview.positive')}</span>
                {f.number(data.feedback.positive)}
              </span>
              <span className="inline-flex items-center gap-1">
                <ThumbDownIcon className="size-5 text-red-700" />
                <span className="sr-only">{t('overview.negative')}</span>
                {f.number(data.feedback.negative)}
              </span>
            </span>
          }
          detail={
            feedbackTotal > 0
              ? t('overview.positiveShare', {
                  share: f.percent(data.feedback.positive, feedbackTotal),
                })
              : t('overview.noFeedback')
          }
        />
        <Stat
          testId="stat-latency"
          label={t('overview.latencyP50')}
          value={f.ms(data.latency.p50_ms)}
          detail={t('overview.latencyP90', { value: f.ms(data.latency.p90_ms) })}
        />
      </dl>

      <Section title={t('overview.perDay')} testId="per-day">
        <ChartWithTable
          caption={t('overview.perDay')}
          labels={dayLabels}
          values={dayValues}
          columnLabel={t('overview.day')}
          valueLabel={t('overview.questions')}
        />
      </Section>

      <Section title={t('overview.perHour')} testId="per-hour">
        <ChartWithTable
          caption={t('overview.perHour')}
          labels={hourLabels}
          values={hourValues}
          columnLabel={t('overview.hour')}
          valueLabel={t('overview.questions')}
        />
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t('overview.outcomes')} testId="outcomes">
          <ShareBars
            f={f}
            total={data.questions}
            testId="outcome-bars"
            rows={OUTCOMES.map((outcome) => ({
              key: outcome,
              label: t(`outcomes.${outcome}`),
              value: data.outcomes[outcome],
              color: OUTCOME_COLORS[outcome],
            }))}
          />
        </Section>
        <Section title={t('overview.byLanguage')} testId="by-language">
          {data.by_language.length === 0 ? (
            <p className="text-sm text-slate-600">{t('overview.none')}</p>
          ) : (
            <ShareBars
              f={f}
              total={languageTotal}
              rows={data.by_language.map((l) => ({
                key: l.language,
                label: t(`languages.${l.language}`, { ns: 'translation' }),
                value: l.questions,
                color: 'bg-brand-600',
              }))}
            />
          )}
        </Section>
        <Section title={t('overview.topArticles')} testId="top-articles">
          {data.top_articles.length === 0 ? (
            <p className="text-sm text-slate-600">{t('overview.none')}</p>
          ) : (
            <ol className="flex flex-col divide-y divide-slate-100">
              {data.top_articles.map((article) => (
                <li
                  key={article.id}
                  className="flex items-center justify-between gap-3 py-2 text-sm"
                >
                  <span className="truncate text-slate-900">{article.title}</span>
                  <span className="shrink-0 text-slate-700 tabular-nums">
                    {t('overview.citations', { n: f.number(article.citations) })}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Section>
        <Section title={t('overview.latency')} testId="latency">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            {(
              [
                ['p50', data.latency.p50_ms],
                ['p90', data.latency.p90_ms],
                ['p99', data.latency.p99_ms],
                ['mean', data.latency.mean_ms],
              ] as const
            ).map(([key, value]) => (
              <div key={key}>
                <dt className="text-slate-600">{t(`overview.latencyStat.${key}`)}</dt>
                <dd className="text-lg font-semibold text-slate-900 tabular-nums">{f.ms(value)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-slate-600">
            {t('overview.latencyCount', { n: f.number(data.latency.count) })}
          </p>
        </Section>
      </div>
    </div>
  );
}

/** Questions, outcomes, feedback, languages, cited articles and latency over a date range. */
export function OverviewScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const { from, to } = useDateRange();
  const query = useStaffQuery(
    (signal) => staff.overview({ query: { from, to }, signal }),
    `${from}|${to}`,
  );
  const f = useFormats();
  const data = query.data;
  return (
    <>
      <PageHeader
        title={t('nav.overview')}
        description={
          data ? t('range.showing', { from: f.day(data.from), to: f.day(data.to) }) : undefined
        }
      />
      <div className="mb-6">
        <DateRangeFilter from={from} to={to} />
      </div>
      <LoadState loading={query.loading} error={query.error} reload={query.reload} />
      {data ? <OverviewBody data={data} /> : null}
    </>
  );
}
