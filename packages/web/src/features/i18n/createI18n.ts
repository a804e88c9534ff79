import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@supersteward/contract';
import { en } from '../../i18n/en';
import { mne } from '../../i18n/mne';
import { FALLBACK_LANGUAGE, htmlLang } from './language';

/** A fresh i18next instance with both languages bundled (they are a few KB; no loading flash). */
export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { mne: { translation: mne }, en: { translation: en } },
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: ['mne', 'en'],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') {
      document.documentElement.lang = htmlLang(lng === 'en' ? 'en' : 'mne');
    }
  });
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(language);
  return instance;
}
