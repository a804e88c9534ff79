import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@supersteward/contract';
import type { ArticleDocument } from '@supersteward/contract/staff';
import { Spinner } from '../../../app/icons';
import { BUTTON_SECONDARY, CARD } from '../ui/fields';
import { useFormats } from '../ui/format';
import { ArticlePreview } from './ArticlePreview';
import { articleTemplate } from './articleTemplate';
import { draftKey, useDraftStore } from './draft';
import { useValidation } from './useValidation';

const TAB = 'focus-ring rounded-md px-3 py-1 text-sm font-medium';

/** The loader's verdict on the text, announced when it settles (not on every keystroke). */
function ValidationStatus({
  id,
  validation,
}: {
  id: string;
  validation: ReturnType<typeof useValidation>;
}) {
  const { t } = useTranslation('admin');
  const result =
    validation.state === 'done'
      ? validation.result
      : validation.state === 'checking'
        ? validation.last
        : null;
  return (
    <div className="flex items-start gap-2 text-sm">
      {validation.state === 'checking' ? (
        <span className="mt-0.5 text-slate-600" aria-hidden="true">
          <Spinner />
        </span>
      ) : null}
      <div id={id} role="status" aria-live="polite" data-testid="validation">
        {result?.ok && result.article ? (
          <p className="text-emerald-800" data-valid="true">
            {t('kb.valid', { n: result.article.sections.length })}
          </p>
        ) : result ? (
          <div className="text-red-800" data-valid="false">
            <p className="font-medium">{t('kb.invalid')}</p>
            <p className="break-words">{result.error}</p>
          </div>
        ) : validation.state === 'checking' ? (
          <p className="text-slate-600">{t('kb.checking')}</p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * One language version of an article: its Markdown with front matter (editable for an editor,
 * kept in the draft), the loader's verdict, and the preview of what the engine will search.
 */
export function LanguagePane({
  id,
  language,
  published,
  canEdit,
}: {
  id: string;
  language: Language;
  published: ArticleDocument | null;
  canEdit: boolean;
}) {
  const { t } = useTranslation('admin');
  const f = useFormats();
  const change = useDraftStore((s) => s.changes[draftKey(id, language)]);
  const put = useDraftStore((s) => s.put);
  const drop = useDraftStore((s) => s.drop);
  const [tab, setTab] = useState<'source' | 'preview'>('source');
  const headingId = useId();
  const statusId = useId();
  const languageName = t(`languages.${language}`, { ns: 'translation' });
  const markdown = change ? change.markdown : (published?.markdown ?? null);
  const validation = useValidation(id, language, markdown);
  const article = validation.state === 'done' ? validation.result.article : null;

  const edit = (value: string) => {
    if (published && value === published.markdown) drop(id, language);
    else put({ id, language, markdown: value });
  };

  let body: React.ReactNode;
  if (change?.markdown === null) {
    body = (
      <div className="flex flex-col items-start gap-3 text-sm">
        <p className="text-red-800">{t('kb.willBeRemoved')}</p>
        <button type="button" className={BUTTON_SECONDARY} onClick={() => drop(id, language)}>
          {t('kb.undoRemove')}
        </button>
      </div>
    );
  } else if (markdown === null) {
    body = (
      <div className="flex flex-col items-start gap-3 text-sm">
        <p className="text-slate-700">{t('kb.noVersion', { language: languageName })}</p>
        {canEdit ? (
          <button
            type="button"
            className={BUTTON_SECONDARY}
            onClick={() => put({ id, language, markdown: articleTemplate(id, language) })}
          >
            {t('kb.write', { language: languageName })}
          </button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <>
        <div
          role="group"
          aria-label={canEdit ? t('kb.edit') : t('kb.view')}
          className="mb-3 flex w-fit rounded-lg bg-slate-100 p-1"
        >
          {(['source', 'preview'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={tab === option}
              onClick={() => setTab(option)}
              className={`${TAB} ${tab === option ? 'bg-white text-brand-900 shadow-sm' : 'text-slate-700'}`}
            >
              {t(`kb.${option}`)}
            </button>
          ))}
        </div>
        {tab === 'source' ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${headingId}-text`} className="text-sm font-medium text-slate-800">
              {t('kb.markdown', { language: languageName })}
            </label>
            <textarea
              id={`${headingId}-text`}
              value={markdown}
              readOnly={!canEdit}
              onChange={(event) => edit(event.target.value)}
              spellCheck={false}
              rows={22}
              lang={language === 'mne' ? 'sr-Latn-ME' : 'en'}
              aria-describedby={statusId}
              aria-invalid={validation.state === 'done' && !validation.result.ok ? true : undefined}
              className="focus-ring w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs leading-relaxed text-slate-900 read-only:bg-slate-50 aria-invalid:border-red-600"
              data-testid={`markdown-${language}`}
            />
          </div>
        ) : article ? (
          <ArticlePreview article={article} />
        ) : (
          <p className="text-sm text-slate-600">{t('kb.noPreview')}</p>
        )}
        <div className="mt-3">
          <ValidationStatus id={statusId} validation={validation} />
        </div>
        {canEdit ? (
          <div className="mt-3 flex flex-wrap gap-2">
            {change ? (
              <button type="button" className={BUTTON_SECONDARY} onClick={() => drop(id, language)}>
                {t('kb.discard')}
              </button>
            ) : null}
            {published ? (
              <button
                type="button"
                className={BUTTON_SECONDARY}
                onClick={() => put({ id, language, markdown: null })}
              >
                {t('kb.remove', { language: languageName })}
              </button>
            ) : null}
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className={`${CARD} min-w-0`}
      data-testid={`pane-${language}`}
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {languageName}
        </h2>
        <p className="text-xs text-slate-600">
          {change ? (
            <span className="font-semibold text-amber-800">{t('kb.edited')}</span>
          ) : published ? (
            t('kb.publishedIn', {
              version: published.version,
              at: f.dateTime(published.updated_at),
            })
          ) : null}
        </p>
      </div>
      {body}
    </section>
  );
}
