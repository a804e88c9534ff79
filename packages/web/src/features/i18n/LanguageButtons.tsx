import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@supersteward/contract';
import { GlobeIcon } from '../../app/sidebarIcons';
import { htmlLang } from './language';

/**
 * Crnogorski / English as a labelled group of two buttons, the current one pressed: the
 * passengers' sidebar and the staff console each say what choosing one does.
 */
export function LanguageButtons({
  label,
  current,
  busy = false,
  onChoose,
}: {
  /** The group's name for screen readers. */
  label: string;
  current: Language;
  /** While true the buttons say so and `onChoose` decides whether to ignore the press. */
  busy?: boolean;
  onChoose: (language: Language) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex items-center gap-2">
      <GlobeIcon className="size-5 shrink-0 text-slate-500" />
      <span id={labelId} className="sr-only">
        {label}
      </span>
      <div className="flex flex-1 rounded-lg bg-slate-100 p-1">
        {LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            lang={htmlLang(language)}
            aria-pressed={language === current}
            aria-disabled={busy || undefined}
            onClick={() => onChoose(language)}
            className={`focus-ring flex-1 rounded-md px-3 py-1.5 text-sm font-medium transition-colors ${
              language === current
                ? 'bg-white text-brand-900 shadow-sm'
                : 'text-slate-700 hover:text-slate-900'
            } ${busy ? 'cursor-not-allowed' : ''}`}
          >
            {t(`languages.${language}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
