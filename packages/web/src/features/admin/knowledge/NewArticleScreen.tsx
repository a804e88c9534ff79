import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useStaffApi } from '../AdminServices';
import { PageHeader } from '../layout/PageHeader';
import { BUTTON_PRIMARY, CARD, TextField } from '../ui/fields';
import { LoadState } from '../ui/LoadState';
import { useStaffQuery } from '../ui/useStaffQuery';
import { ARTICLE_ID, articleTemplate } from './articleTemplate';
import { draftKey, useDraftStore } from './draft';

const LINK = 'focus-ring rounded text-brand-700 underline-offset-2 hover:underline';

/**
 * Starts a new article in the draft, in both languages, from the layout the loader reads; from a
 * content gap, the passenger's question becomes its first sample question.
 */
export function NewArticleScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const question = params.get('question') ?? undefined;
  const questionLang = params.get('lang') === 'en' ? 'en' : 'mne';
  const [id, setId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const changes = useDraftStore((s) => s.changes);
  const put = useDraftStore((s) => s.put);
  const known = useStaffQuery((signal) => staff.knowledge({ signal }), 'kb');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Until the published articles are known, an id cannot be told free: a draft started then
    // would replace an article of the same id.
    if (!known.data) return;
    const value = id.trim();
    if (!ARTICLE_ID.test(value) || value.length > 80) return setError(t('kb.idInvalid'));
    const taken =
      known.data.articles.some((a) => a.id === value) ||
      draftKey(value, 'mne') in changes ||
      draftKey(value, 'en') in changes;
    if (taken) return setError(t('kb.idTaken'));
    for (const language of ['mne', 'en'] as const) {
      put({
        id: value,
        language,
        markdown: articleTemplate(
          value,
          language,
          language === questionLang ? question : undefined,
        ),
      });
    }
    const next = new URLSearchParams(question ? { question, lang: questionLang } : {});
    void navigate(`/admin/knowledge/${value}${question ? `?${next.toString()}` : ''}`);
  };

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/knowledge" className={LINK}>
          ← {t('nav.knowledge')}
        </Link>
      </p>
      <PageHeader title={t('kb.newTitle')} />
      {question ? (
        <p
          className="mb-4 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-950"
          data-testid="gap-question"
        >
          <span className="font-medium">{t('kb.questionHint')}:</span> “{question}”
        </p>
      ) : null}
      <LoadState loading={known.loading} error={known.error} reload={known.reload} />
      <form onSubmit={submit} noValidate className={`${CARD} flex max-w-xl flex-col gap-4`}>
        <TextField
          label={t('kb.id')}
          hint={t('kb.idHint')}
          error={error}
          value={id}
          onChange={(event) => {
            setId(event.target.value);
            setError(null);
          }}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <div>
          <button type="submit" className={BUTTON_PRIMARY} disabled={!known.data}>
            {t('kb.create')}
          </button>
        </div>
      </form>
    </>
  );
}
