import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@supersteward/contract';
import { GlobeIcon } from '../../../app/sidebarIcons';
import { htmlLang, normalizeLanguage } from '../../i18n/language';
import { writeAdminLanguage } from '../adminLanguage';

/** Crnogorski / English for the console; kept in this browser. */
export function AdminLanguageSwitcher() {
  const { t, i18n } = useTranslation('admin');
  const current = normalizeLanguage(i18n.language);
  const choose = (language: Language) => {
    writeAdminLanguage(language);
    void i18n.changeLanguage(language);
  };
  return (
    <div role="group" aria-labelledby="admin-language-label" className="flex items-center gap-2">
      <GlobeIcon className="size-5 shrink-0 text-slate-500" />
      <span id="admin-language-label" className="sr-only">
        {t('language')}
      </span>
      <div className="flex flex-1 rounded-lg bg-slate-100 p-1">
        {LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            lang={htmlLang(language)}
            aria-pressed={language === current}
            onClick={() => choose(language)}
            className={`focus-ring flex-1 rounded-md px-3 py-1.5 text-sm font-medium ${
              language === current
                ? 'bg-white text-brand-900 shadow-sm'
                : 'text-slate-700 hover:text-slate-900'
            }`}
          >
            {t(`languages.${language}`, { ns: 'translation' })}
          </button>
        ))}
      </div>
    </div>
  );
}
