import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_LIMITS, type ArticleSummary } from '@supersteward/contract/staff';
import { normalizeLanguage } from '../../i18n/language';

/** An article's title in the console's language, else in the other one, else its id. */
export function articleTitle(
  article: ArticleSummary | undefined,
  id: string,
  language: string,
): string {
  if (!article) return id;
  const first = normalizeLanguage(language) === 'en' ? article.en : article.mne;
  return (first ?? article.en ?? article.mne)?.title ?? id;
}

/**
 * The articles a notice names (the server's `topics`: article ids): answers citing one end with the
 * notice. A topic no longer in the knowledge base stays listed so it can be taken off.
 */
export function TopicPicker({
  articles,
  value,
  onChange,
  disabled,
}: {
  articles: readonly ArticleSummary[];
  value: readonly string[];
  onChange: (topics: string[]) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('admin');
  const hintId = useId();
  const known = new Set(articles.map((a) => a.id));
  const rows = [
    ...articles,
    ...value.filter((id) => !known.has(id)).map((id) => ({ id, mne: null, en: null })),
  ];
  const full = value.length >= NOTICE_LIMITS.topicsMax;
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...value, id] : value.filter((topic) => topic !== id));

  return (
    <fieldset aria-describedby={hintId} className="flex min-w-0 flex-col gap-1">
      <legend className="text-sm font-medium text-slate-800">{t('notices.topics')}</legend>
      <p id={hintId} className="text-xs text-slate-600">
        {t('notices.topicsHint')}
      </p>
      <ul
        className="mt-1 grid max-h-64 grid-cols-1 gap-x-4 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2"
        data-testid="notice-topics"
      >
        {rows.map((article) => {
          const checked = value.includes(article.id);
          return (
            <li key={article.id}>
              <label className="flex items-start gap-2 rounded-md px-1 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="focus-ring mt-0.5 size-4 shrink-0 accent-brand-700"
                  checked={checked}
                  disabled={disabled || (full && !checked)}
                  onChange={(event) => toggle(article.id, event.target.checked)}
                  value={article.id}
                />
                <span className="min-w-0">
                  <span className="block">{articleTitle(article, article.id, i18n.language)}</span>
                  <span className="block font-mono text-xs break-all text-slate-600">
                    {article.id}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
