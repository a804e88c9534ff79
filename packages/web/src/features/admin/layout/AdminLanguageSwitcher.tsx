import { useTranslation } from 'react-i18next';
import type { Language } from '@supersteward/contract';
import { LanguageButtons } from '../../i18n/LanguageButtons';
import { normalizeLanguage } from '../../i18n/language';
import { writeAdminLanguage } from '../adminLanguage';

/** Crnogorski / English for the console; kept in this browser. */
export function AdminLanguageSwitcher() {
  const { t, i18n } = useTranslation('admin');
  const choose = (language: Language) => {
    writeAdminLanguage(language);
    void i18n.changeLanguage(language);
  };
  return (
    <LanguageButtons
      label={t('language')}
      current={normalizeLanguage(i18n.language)}
      onChoose={choose}
    />
  );
}
