import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useStaffApi } from '../AdminServices';
import { PageHeader } from '../layout/PageHeader';
import { useCan } from '../session/RequireRole';
import { LoadState } from '../ui/LoadState';
import { useStaffQuery } from '../ui/useStaffQuery';
import { DraftBar } from './DraftBar';
import { draftKey, useDraftStore } from './draft';
import { LanguagePane } from './LanguagePane';

const LINK = 'focus-ring rounded text-brand-700 underline-offset-2 hover:underline';

/** One article, both languages side by side (stacked on a phone); the question it came for. */
export function ArticleScreen() {
  const { t, i18n } = useTranslation('admin');
  const staff = useStaffApi();
  const canEdit = useCan('editor');
  const { articleId = '' } = useParams();
  const [params] = useSearchParams();
  const question = params.get('question');
  const questionLang = params.get('lang') === 'en' ? 'en' : 'mne';
  const inDraft = useDraftStore(
    (s) => draftKey(articleId, 'mne') in s.changes || draftKey(articleId, 'en') in s.changes,
  );
  const query = useStaffQuery(
    (signal) =>
      staff.article({ params: { id: articleId }, signal }).catch((error: unknown) => {
        // An article only in the draft (new) is not published yet: both languages empty.
        if (error instanceof ApiError && error.status === 404 && inDraft) {
          return { id: articleId, mne: null, en: null };
        }
        throw error;
      }),
    articleId,
  );
  const data = query.data;
  // The title in the console's language when the article has it.
  const [first, second] =
    i18n.language === 'en' ? (['en', 'mne'] as const) : (['mne', 'en'] as const);
  const title = data?.[first]?.title ?? data?.[second]?.title ?? articleId;

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/knowledge" className={LINK}>
          ← {t('nav.knowledge')}
        </Link>
      </p>
      <PageHeader
        title={title}
        description={
          <>
            {t('kb.id')}: <span className="font-mono">{articleId}</span>
          </>
        }
      />
      <DraftBar />
      {question ? (
        <div
          className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-950"
          data-testid="gap-question"
        >
          <p>
            <span className="font-medium">{t('kb.questionHint')}:</span> “{question}”
          </p>
          <Link
            to={`/admin/try?${new URLSearchParams({ q: question, lang: questionLang, knowledge: 'draft' }).toString()}`}
            className={`${LINK} font-semibold`}
          >
            {t('kb.tryWithDraft')}
          </Link>
        </div>
      ) : null}
      <LoadState loading={query.loading} error={query.error} reload={query.reload} />
      {data ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <LanguagePane id={articleId} language="mne" published={data.mne} canEdit={canEdit} />
          <LanguagePane id={articleId} language="en" published={data.en} canEdit={canEdit} />
        </div>
      ) : null}
    </>
  );
}
