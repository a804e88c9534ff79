import { useTranslation } from 'react-i18next';
import type { Source } from '@supersteward/contract';

/** The articles an answer cited. */
export function SourcesList({ sources }: { sources: Source[] }) {
  const { t } = useTranslation('admin');
  if (sources.length === 0) return null;
  return (
    <div className="text-sm">
      <h4 className="text-xs font-semibold text-slate-700">{t('conversations.sources')}</h4>
      <ul className="mt-1 flex flex-wrap gap-2" data-testid="sources">
        {sources.map((source) => (
          <li key={source.id}>
            <span className="inline-flex rounded-md border border-slate-200 bg-slate-50 px-2 py-0.5 text-slate-800">
              {source.title}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
