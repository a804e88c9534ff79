import { useTranslation } from 'react-i18next';
import type { AnswerTrace } from '@supersteward/contract';
import { useFormats } from '../ui/format';

const score = (n: number) => n.toFixed(2);

/** How the engine reached an answer: decision, words, the sections it weighed and what it quoted. */
export function TraceView({ trace }: { trace: AnswerTrace }) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="trace">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-600">{t('trace.decision')}</dt>
          <dd className="font-medium" data-testid="trace-decision">
            {t(`trace.decisions.${trace.decision}`)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('trace.engine')}</dt>
          <dd className="font-medium">
            {trace.engine === 'llm' ? t('trace.llm') : t('trace.retrieval')}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('trace.language')}</dt>
          <dd className="font-medium">
            {t(`languages.${trace.language}`, { ns: 'translation' })}
            {trace.script === 'cyrillic' ? ` (${t('trace.cyrillic')})` : ''}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('trace.coverage')}</dt>
          <dd className="font-medium">{f.percent(trace.coverage, 1)}</dd>
        </div>
      </dl>
      {trace.readWith ? (
        <p>
          <span className="text-slate-600">{t('trace.readWith')}:</span> “{trace.readWith}”
        </p>
      ) : null}
      {trace.words.length ? (
        <div>
          <h4 className="text-xs font-semibold text-slate-700">{t('trace.words')}</h4>
          <ul className="mt-1 flex flex-wrap gap-1">
            {trace.words.map((word) => (
              <li
                key={word.token}
                className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-800"
                title={word.expansions.join(', ')}
              >
                {word.token}
                {word.expansions.length ? (
                  <span className="text-slate-600">
                    {' '}
                    → {word.expansions.slice(0, 4).join(', ')}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {trace.candidates.length ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-xs">
            <caption className="mb-1 text-left text-xs font-semibold text-slate-700">
              {t('trace.candidates')}
            </caption>
            <thead>
              <tr className="text-slate-600">
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t('trace.section')}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t('trace.passage')}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('trace.score')}
                </th>
              </tr>
            </thead>
            <tbody>
              {trace.candidates.map((candidate) => (
                <tr key={candidate.passage} className="border-t border-slate-100">
                  <td className="py-1 pr-3 text-slate-900">{candidate.heading}</td>
                  <td className="py-1 pr-3 font-mono text-slate-600">{candidate.passage}</td>
                  <td className="py-1 text-right tabular-nums">{score(candidate.score)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {trace.chosen.length ? (
        <div>
          <h4 className="text-xs font-semibold text-slate-700">{t('trace.chosen')}</h4>
          <ol className="mt-1 flex list-decimal flex-col gap-1 pl-5">
            {trace.chosen.map((sentence, i) => (
              <li key={`${sentence.passage}-${i}`}>
                {sentence.sentence}{' '}
                <span className="font-mono text-xs text-slate-600">
                  ({sentence.passage}, {score(sentence.score)})
                </span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {trace.notes.length ? (
        <div>
          <h4 className="text-xs font-semibold text-slate-700">{t('trace.notes')}</h4>
          <ul className="mt-1 flex list-disc flex-col gap-0.5 pl-5 text-xs text-slate-700">
            {trace.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
