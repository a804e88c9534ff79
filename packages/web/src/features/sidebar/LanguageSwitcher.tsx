import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Language } from '@supersteward/contract';
import { GlobeIcon } from '../../app/sidebarIcons';
import { useChatStore } from '../chat/chatStore';
import { htmlLang, normalizeLanguage, swapLanguageInPath } from '../i18n/language';
import { useUserStore } from '../user/userStore';

const OPTIONS: Language[] = ['mne', 'en'];

/** Crnogorski / English: updates the user, session storage, the locale and the route. */
export function LanguageSwitcher({ onChanged }: { onChanged?: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const loading = useChatStore((s) => s.loading);
  const current = normalizeLanguage(i18n.language);

  const choose = (language: Language) => {
    if (loading || language === current) return;
    useUserStore.getState().setLanguage(language);
    void i18n.changeLanguage(language);
    navigate(
      { pathname: swapLanguageInPath(location.pathname, language), search: location.search },
      { state: { languageSwitch: true } },
    );
    onChanged?.();
  };

  return (
    <div role="group" aria-labelledby="language-label" className="flex items-center gap-2">
      <GlobeIcon className="size-5 shrink-0 text-slate-500" />
      <span id="language-label" className="sr-only">
        {t('sidebar.language')}
      </span>
      <div className="flex flex-1 rounded-lg bg-slate-100 p-1">
        {OPTIONS.map((language) => (
          <button
            key={language}
            type="button"
            lang={htmlLang(language)}
            aria-pressed={language === current}
            aria-disabled={loading || undefined}
            onClick={() => choose(language)}
            className={`focus-ring flex-1 rounded-md px-3 py-1.5 text-sm font-medium transition-colors ${
              language === current
                ? 'bg-white text-brand-900 shadow-sm'
                : 'text-slate-700 hover:text-slate-900'
            } ${loading ? 'cursor-not-allowed' : ''}`}
          >
            {t(`languages.${language}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
