import { useTranslation } from 'react-i18next';
import type { CheckReport, RegressionResult } from '@supersteward/contract/staff';
import { AnswerText } from '../answers/AnswerText';
import { useFormats } from '../ui/format';

function ResultItem({ result }: { result: RegressionResult }) {
  const { t } = useTranslation('admin');
  const q = result.question;
  return (
    <li className="rounded-xl border border-slate-200 p-3" data-testid="regression-result">
      <p className="font-medium break-words text-slate-900">“{q.question}”</p>
      <p className="mt-1 text-xs text-slate-600">
        {t(`kb.regressionSource.${q.source}`)} ·{' '}
        {t(`languages.${q.language}`, { ns: 'translation' })}
        {q.expect.length ? (
          <>
            {' '}
            · {t('kb.expects')} <span className="font-mono">{q.expect.join(' ')}</span>
          </>
        ) : null}
      </p>
      {result.failures.length ? (
        <p className="mt-1 text-sm text-red-800">
          <span className="font-medium">{t('kb.failures')}:</span> {result.failures.join('; ')}
        </p>
      ) : null}
      <div className="mt-2 grid gap-3 md:grid-cols-2">
        <div className="min-w-0 rounded-lg bg-slate-50 p-2">
          <h4 className="text-xs font-semibold text-slate-700">{t('kb.answerBefore')}</h4>
          <div data-testid="answer-before">
            <AnswerText text={result.answer_before} />
          </div>
        </div>
        <div className="min-w-0 rounded-lg bg-amber-50 p-2">
          <h4 className="text-xs font-semibold text-slate-700">{t('kb.answerAfter')}</h4>
          <div data-testid="answer-after">
            <AnswerText text={result.answer_after} />
          </div>
        </div>
      </div>
    </li>
  );
}

/** The regression run of a draft: how many stored questions stay right, which break, which mend. */
export function CheckReportView({ report }: { report: CheckReport }) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="check-report">
      <p className="text-slate-800" data-testid="check-summary">
        {t('kb.checkSummary', {
          total: report.total,
          before: report.passed_before,
          after: report.passed_after,
          ms: f.ms(report.duration_ms),
        })}
      </p>
      {report.broken.length ? (
        <div>
          <h3 className="mb-2 font-semibold text-red-800">
            {t('kb.broken', { n: report.broken.length })}
          </h3>
          <ul className="flex flex-col gap-2" data-testid="broken-questions">
            {report.broken.map((result) => (
              <ResultItem key={result.question.id} result={result} />
            ))}
          </ul>
        </div>
      ) : (
        <p className="font-medium text-emerald-800">{t('kb.noneBroken')}</p>
      )}
      {report.fixed.length ? (
        <details>
          <summary className="focus-ring cursor-pointer rounded font-medium text-brand-700">
            {t('kb.fixed', { n: report.fixed.length })}
          </summary>
          <ul className="mt-2 flex flex-col gap-2">
            {report.fixed.map((result) => (
              <ResultItem key={result.question.id} result={result} />
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
