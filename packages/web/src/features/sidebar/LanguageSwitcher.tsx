import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Language } from '@supersteward/contract';
import { useChatStore } from '../chat/chatStore';
import { LanguageButtons } from '../i18n/LanguageButtons';
import { normalizeLanguage, swapLanguageInPath } from '../i18n/language';
import { useUserStore } from '../user/userStore';

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
    void navigate(
      { pathname: swapLanguageInPath(location.pathname, language), search: location.search },
      { state: { languageSwitch: true } },
    );
    onChanged?.();
  };

  return (
    <LanguageButtons
      label={t('sidebar.language')}
      current={current}
      busy={loading}
      onChoose={choose}
    />
  );
}
