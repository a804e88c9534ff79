import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Language } from '@supersteward/contract';
import type { ArticleRef, GapGroup, NegativeFeedback } from '@supersteward/contract/staff';
import { useStaffApi } from '../AdminServices';
import { PageHeader } from '../layout/PageHeader';
import { useCan } from '../session/RequireRole';
import { DateRangeFilter, useDateRange } from '../ui/DateRangeFilter';
import { useFormats } from '../ui/format';
import { LoadState } from '../ui/LoadState';
import { Section } from '../ui/Section';
import { useStaffQuery } from '../ui/useStaffQuery';

type Sort = 'frequent' | 'newest';

const LINK = 'focus-ring rounded text-brand-700 underline-offset-2 hover:underline';

function conversationLink(threadId: string, messageId?: string): string {
  const hash = messageId ? `?message=${encodeURIComponent(messageId)}` : '';
  return `/admin/conversations/${encodeURIComponent(threadId)}${hash}`;
}

/**
 * The article an edit would belong to (the nearest one) or a new one, opened in the editor with
 * the passenger's question beside it (a new article takes it as its first sample question).
 */
function NearestArticle({
  article,
  question,
  language,
}: {
  article: ArticleRef | null;
  question: string | undefined;
  language: Language;
}) {
  const { t } = useTranslation('admin');
  const canEdit = useCan('editor');
  const ask = new URLSearchParams(question ? { question, lang: language } : {}).toString();
  const suffix = ask ? `?${ask}` : '';
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p className="text-slate-700" data-testid="nearest-article">
        {article ? t('gaps.nearest', { title: article.title }) : t('gaps.noNearest')}
      </p>
      {article ? (
        <Link
          to={`/admin/knowledge/${encodeURIComponent(article.id)}${suffix}`}
          className={`${LINK} font-semibold`}
          data-testid="edit-article"
        >
          {t('gaps.editArticle', { title: article.title })}
        </Link>
      ) : null}
      {canEdit ? (
        <Link
          to={`/admin/knowledge/new${suffix}`}
          className={`${LINK} ${article ? '' : 'font-semibold'}`}
          data-testid="new-article"
        >
          {t('gaps.newArticle')}
        </Link>
      ) : null}
    </div>
  );
}

function GapCard({ group }: { group: GapGroup }) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  const first = group.examples[0];
  return (
    <li
      className="rounded-xl border border-slate-200 p-4"
      data-testid="gap-group"
      data-key={group.key}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-medium break-words text-slate-900">
          “{first?.question ?? group.words.join(' ')}”
        </h3>
        <span
          className="shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900"
          data-testid="gap-count"
        >
          {t('gaps.count', { n: f.number(group.count) })}
        </span>
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {t(`languages.${group.language}`, { ns: 'translation' })} ·{' '}
        {t('gaps.lastAsked', { at: f.dateTime(group.last_asked_at) })}
        {group.words.length ? ` · ${t('gaps.words')}: ${group.words.join(', ')}` : ''}
      </p>
      {group.examples.length > 1 ? (
        <details className="mt-2 text-sm">
          <summary className="focus-ring cursor-pointer rounded text-brand-700">
            {t('gaps.examples', { n: group.examples.length })}
          </summary>
          <ul className="mt-2 flex flex-col gap-1 pl-4">
            {group.examples.map((example) => (
              <li key={example.message_id} className="list-disc">
                <Link to={conversationLink(example.thread_id, example.message_id)} className={LINK}>
                  {example.question}
                </Link>{' '}
                <span className="text-xs text-slate-600">{f.dateTime(example.asked_at)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : first ? (
        <p className="mt-2 text-sm">
          <Link to={conversationLink(first.thread_id, first.message_id)} className={LINK}>
            {t('gaps.openConversation')}
          </Link>
        </p>
      ) : null}
      <div className="mt-3">
        <NearestArticle
          article={group.nearest_article}
          question={first?.question}
          language={group.language}
        />
      </div>
    </li>
  );
}

function FeedbackCard({ item }: { item: NegativeFeedback }) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  const source = item.sources[0] ?? null;
  return (
    <li className="rounded-xl border border-slate-200 p-4" data-testid="negative-feedback">
      <p className="text-xs text-slate-600">{f.dateTime(item.at)}</p>
      <h3 className="mt-1 font-medium break-words text-slate-900">“{item.question}”</h3>
      <blockquote className="mt-2 line-clamp-4 border-l-4 border-slate-200 pl-3 text-sm whitespace-pre-line text-slate-700">
        {item.answer}
      </blockquote>
      {item.comment ? (
        <p className="mt-2 text-sm text-slate-800">
          <span className="font-medium">{t('gaps.comment')}:</span> {item.comment}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <NearestArticle
          article={source}
          question={item.question}
          language={source?.language ?? 'mne'}
        />
        <Link to={conversationLink(item.thread_id, item.message_id)} className={LINK}>
          {t('gaps.openConversation')}
        </Link>
      </div>
    </li>
  );
}

/** Unanswered questions grouped by similarity, and the answers passengers rated unhelpful. */
export function GapsScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const { from, to } = useDateRange();
  const [params, setParams] = useSearchParams();
  const sort: Sort = params.get('sort') === 'newest' ? 'newest' : 'frequent';
  const query = useStaffQuery(
    (signal) => staff.gaps({ query: { from, to, sort }, signal }),
    `${from}|${to}|${sort}`,
  );
  const setSort = (next: Sort) => {
    const copy = new URLSearchParams(params);
    copy.set('sort', next);
    setParams(copy, { replace: true });
  };
  const data = query.data;

  return (
    <>
      <PageHeader title={t('nav.gaps')} description={t('gaps.intro')} />
      <div className="mb-6 flex flex-wrap items-end gap-4">
        <DateRangeFilter from={from} to={to} />
        <fieldset className="flex flex-col gap-1">
          <legend className="text-xs font-medium text-slate-700">{t('gaps.sort')}</legend>
          <div className="flex rounded-lg bg-slate-100 p-1">
            {(['frequent', 'newest'] as const).map((option) => (
              <label
                key={option}
                className={`cursor-pointer rounded-md px-3 py-1 text-sm font-medium has-focus-visible:ring-2 has-focus-visible:ring-brand-600 ${
                  sort === option ? 'bg-white text-brand-900 shadow-sm' : 'text-slate-700'
                }`}
              >
                <input
                  type="radio"
                  name="gap-sort"
                  value={option}
                  checked={sort === option}
                  onChange={() => setSort(option)}
                  className="sr-only"
                />
                {t(`gaps.sort_${option}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <LoadState loading={query.loading} error={query.error} reload={query.reload} />
      {data ? (
        <div className="grid gap-6 xl:grid-cols-2">
          <Section title={t('gaps.unanswered')} testId="gap-groups">
            {data.groups.length === 0 ? (
              <p className="text-sm text-slate-600">{t('gaps.noGaps')}</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {data.groups.map((group) => (
                  <GapCard key={group.key} group={group} />
                ))}
              </ul>
            )}
          </Section>
          <Section title={t('gaps.thumbsDown')} testId="negative-feedback-list">
            {data.negative_feedback.length === 0 ? (
              <p className="text-sm text-slate-600">{t('gaps.noThumbsDown')}</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {data.negative_feedback.map((item) => (
                  <FeedbackCard key={item.message_id} item={item} />
                ))}
              </ul>
            )}
          </Section>
        </div>
      ) : null}
    </>
  );
}
