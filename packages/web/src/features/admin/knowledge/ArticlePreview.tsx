import { useTranslation } from 'react-i18next';
import type { ParsedArticle } from '@supersteward/contract/staff';
import { AnswerText } from '../answers/AnswerText';

/**
 * The article as the loader reads it: its front matter, intro and the sections the engine
 * searches. Text goes through the passengers' Markdown renderer (raw HTML skipped, sanitized).
 */
export function ArticlePreview({ article }: { article: ParsedArticle }) {
  const { t } = useTranslation('admin');
  const meta: [string, string][] = [
    [t('kb.tags'), article.tags.join(', ')],
    [t('kb.synonyms'), article.synonyms.join(', ')],
    [t('kb.effectiveFrom'), article.effective_from ?? ''],
  ];
  return (
    <article
      className="flex flex-col gap-3 text-sm"
      lang={article.language === 'mne' ? 'sr-Latn-ME' : 'en'}
      data-testid="article-preview"
    >
      <h3 className="text-lg font-semibold text-slate-900">{article.title}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        {meta
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-700">{label}</dt>
              <dd className="break-words text-slate-800">{value}</dd>
            </div>
          ))}
      </dl>
      {article.questions.length ? (
        <div>
          <h4 className="text-xs font-semibold text-slate-700">{t('kb.sampleQuestions')}</h4>
          <ul className="mt-1 list-disc pl-5 text-slate-800">
            {article.questions.map((question) => (
              <li key={question}>{question}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {article.intro ? <AnswerText text={article.intro} /> : null}
      {article.sections.map((section) => (
        <section key={section.slug} className="border-t border-slate-100 pt-2">
          <h4 className="font-semibold text-slate-900">{section.heading}</h4>
          <AnswerText text={section.text} />
        </section>
      ))}
    </article>
  );
}
