import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language } from '@supersteward/contract';
import type { ArticleSummary } from '@supersteward/contract/staff';
import { useStaffApi } from '../AdminServices';
import { PageHeader } from '../layout/PageHeader';
import { useCan } from '../session/RequireRole';
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from '../ui/fields';
import { useFormats } from '../ui/format';
import { LoadState } from '../ui/LoadState';
import { Section } from '../ui/Section';
import { useStaffQuery } from '../ui/useStaffQuery';
import { DraftBar } from './DraftBar';
import { draftKey, useDraftStore } from './draft';
import { ExportButton } from './ExportButton';

const LANGUAGES: readonly Language[] = ['mne', 'en'];

/** The published articles and those only in the draft (new), with what the draft does to each. */
function useRows(articles: ArticleSummary[]) {
  const changes = useDraftStore((s) => s.changes);
  return useMemo(() => {
    const rows = new Map<string, ArticleSummary>(articles.map((a) => [a.id, a]));
    for (const change of Object.values(changes)) {
      if (!rows.has(change.id)) rows.set(change.id, { id: change.id, mne: null, en: null });
    }
    return [...rows.values()]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((article) => ({
        article,
        draft: Object.fromEntries(
          LANGUAGES.map((l) => [l, changes[draftKey(article.id, l)]]),
        ) as Record<Language, (typeof changes)[string] | undefined>,
      }));
  }, [articles, changes]);
}

/** The knowledge base: its articles per language, the draft, history and export. */
export function KnowledgeScreen() {
  const { t } = useTranslation('admin');
  const f = useFormats();
  const staff = useStaffApi();
  const canEdit = useCan('editor');
  const [filter, setFilter] = useState('');
  const query = useStaffQuery((signal) => staff.knowledge({ signal }), 'kb');
  const rows = useRows(query.data?.articles ?? []);
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? rows.filter(({ article }) =>
        [article.id, article.mne?.title, article.en?.title].some((s) =>
          s?.toLowerCase().includes(needle),
        ),
      )
    : rows;

  return (
    <>
      <PageHeader
        title={t('nav.knowledge')}
        description={
          query.data
            ? t('kb.publishedVersion', {
                version: query.data.version,
                at: f.dateTime(query.data.published_at),
              })
            : undefined
        }
        actions={
          <>
            <Link to="/admin/knowledge/history" className={BUTTON_SECONDARY}>
              {t('kb.history')}
            </Link>
            <ExportButton />
            {canEdit ? (
              <Link to="/admin/knowledge/new" className={BUTTON_PRIMARY}>
                {t('kb.newTitle')}
              </Link>
            ) : null}
          </>
        }
      />
      <DraftBar />
      <LoadState loading={query.loading} error={query.error} reload={query.reload} />
      {query.data ? (
        <Section
          title={t('kb.articles')}
          testId="kb-articles"
          actions={
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <span className="sr-only">{t('kb.filter')}</span>
              <input
                type="search"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                placeholder={t('kb.filter')}
                className="focus-ring w-56 max-w-full rounded-lg border border-slate-300 px-3 py-1.5 text-base sm:text-sm"
              />
            </label>
          }
        >
          <ul className="divide-y divide-slate-100">
            {shown.map(({ article, draft }) => (
              <li key={article.id} data-testid="kb-article" data-id={article.id}>
                <Link
                  to={`/admin/knowledge/${encodeURIComponent(article.id)}`}
                  className="focus-ring -mx-2 block rounded-lg px-2 py-3 hover:bg-slate-50"
                >
                  <span className="font-mono text-xs text-slate-600">{article.id}</span>
                  <span className="mt-1 grid gap-x-6 gap-y-1 sm:grid-cols-2">
                    {LANGUAGES.map((language) => (
                      <span key={language} className="min-w-0 text-sm">
                        <span className="mr-2 inline-block w-8 text-xs font-semibold text-slate-600 uppercase">
                          {language}
                        </span>
                        <span className="text-slate-900">
                          {article[language]?.title ?? (draft[language] ? t('kb.newTitle') : '–')}
                        </span>
                        {draft[language] ? (
                          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                            {draft[language].markdown === null
                              ? t('kb.removedInDraft')
                              : t('kb.edited')}
                          </span>
                        ) : null}
                      </span>
                    ))}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}
