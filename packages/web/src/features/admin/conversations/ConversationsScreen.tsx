import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { AnswerOutcome, ConversationSummary } from '@supersteward/contract/staff';
import { useStaffApi } from '../AdminServices';
import { PageHeader } from '../layout/PageHeader';
import { DateRangeFilter, useDateRange } from '../ui/DateRangeFilter';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, CARD } from '../ui/fields';
import { useFormats } from '../ui/format';
import { LoadState } from '../ui/LoadState';
import { useStaffQuery } from '../ui/useStaffQuery';

const OUTCOMES: readonly AnswerOutcome[] = ['answered', 'out_of_scope', 'small_talk', 'failed'];
const SELECT = 'focus-ring rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm';

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((option) => option === value);
}

function Row({ item }: { item: ConversationSummary }) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  return (
    <li className="py-3" data-testid="conversation-row">
      <Link
        to={`/admin/conversations/${encodeURIComponent(item.thread_id)}`}
        className="focus-ring block rounded-lg font-medium break-words text-brand-800 underline-offset-2 hover:underline"
      >
        {item.name || t('conversations.untitled')}
      </Link>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
        <span>
          {t('conversations.visitor')} <span className="font-mono">{item.visitor}</span>
        </span>
        <span aria-hidden="true">·</span>
        <span>{f.dateTime(item.updated_at)}</span>
        <span aria-hidden="true">·</span>
        <span>{t('conversations.questions', { n: f.number(item.questions) })}</span>
        {item.language ? (
          <>
            <span aria-hidden="true">·</span>
            <span>{t(`languages.${item.language}`, { ns: 'translation' })}</span>
          </>
        ) : null}
        {item.has_negative_feedback ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-900">
            {t('conversations.thumbsDown')}
          </span>
        ) : null}
        {item.has_unanswered ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
            {t('conversations.unanswered')}
          </span>
        ) : null}
      </p>
    </li>
  );
}

/** Search and filter threads, newest first, a page at a time. */
export function ConversationsScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const [params, setParams] = useSearchParams();
  const { from, to } = useDateRange();
  const q = params.get('q') ?? '';
  const outcome = pick(params.get('outcome'), OUTCOMES);
  const sentiment = pick(params.get('sentiment'), ['positive', 'negative'] as const);
  const [draft, setDraft] = useState(q);
  const [more, setMore] = useState<{ items: ConversationSummary[]; next: string | null } | null>(
    null,
  );
  const [loadingMore, setLoadingMore] = useState(false);
  const key = `${q}|${from}|${to}|${outcome}|${sentiment}`;
  const query = useStaffQuery(
    (signal) =>
      staff.conversations({ query: { q: q || undefined, from, to, outcome, sentiment }, signal }),
    key,
  );
  useEffect(() => setMore(null), [key]);

  const setParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    setParam('q', draft.trim() || undefined);
  };
  const items = [...(query.data?.conversations ?? []), ...(more?.items ?? [])];
  const next = more ? more.next : (query.data?.next_before ?? null);
  const loadMore = async () => {
    if (!next) return;
    setLoadingMore(true);
    try {
      const page = await staff.conversations({
        query: { q: q || undefined, from, to, outcome, sentiment, before: next },
      });
      setMore((prev) => ({
        items: [...(prev?.items ?? []), ...page.conversations],
        next: page.next_before,
      }));
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <>
      <PageHeader title={t('nav.conversations')} description={t('conversations.intro')} />
      <div className="mb-4 flex flex-col gap-3">
        <form role="search" onSubmit={search} className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-slate-700">
            {t('conversations.search')}
            <input
              type="search"
              value={draft}
              maxLength={200}
              onChange={(event) => setDraft(event.target.value)}
              className="focus-ring rounded-lg border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm"
            />
          </label>
          <button type="submit" className={BUTTON_PRIMARY}>
            {t('conversations.searchButton')}
          </button>
        </form>
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
            {t('conversations.outcome')}
            <select
              value={outcome ?? ''}
              onChange={(event) => setParam('outcome', event.target.value || undefined)}
              className={SELECT}
            >
              <option value="">{t('conversations.any')}</option>
              {OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {t(`outcomes.${o}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
            {t('conversations.rating')}
            <select
              value={sentiment ?? ''}
              onChange={(event) => setParam('sentiment', event.target.value || undefined)}
              className={SELECT}
            >
              <option value="">{t('conversations.any')}</option>
              <option value="positive">{t('overview.positive')}</option>
              <option value="negative">{t('overview.negative')}</option>
            </select>
          </label>
          <DateRangeFilter from={from} to={to} />
        </div>
      </div>
      <LoadState loading={query.loading} error={query.error} reload={query.reload} />
      {query.data ? (
        <div className={CARD}>
          {items.length === 0 ? (
            <p className="text-sm text-slate-600">{t('conversations.none')}</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={t('nav.conversations')}>
              {items.map((item) => (
                <Row key={item.thread_id} item={item} />
              ))}
            </ul>
          )}
          {next ? (
            <div className="mt-3">
              <button
                type="button"
                className={BUTTON_SECONDARY}
                disabled={loadingMore}
                onClick={() => void loadMore()}
              >
                {t('conversations.more')}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
