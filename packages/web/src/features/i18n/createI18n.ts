import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@supersteward/contract';
import type { Resources } from '../../i18n/mne';
import { htmlLang, isLanguage } from './language';

/** Each language's strings are a chunk of their own: a visitor downloads the one it uses. */
export function loadDictionary(language: Language): Promise<Resources> {
  return language === 'en'
    ? import('../../i18n/en').then((module) => module.en)
    : import('../../i18n/mne').then((module) => module.mne);
}

/**
 * A fresh i18next instance with `dictionaries` in memory; a language missing there is loaded
 * with `load` when the interface switches to it (the switch happens once it has arrived). Both
 * dictionaries have every key (one type), so there is no fallback language to download.
 */
export function createI18n(
  language: Language,
  dictionaries: Partial<Record<Language, Resources>>,
  load: (language: Language) => Promise<Resources> = loadDictionary,
): i18n {
  const backend: BackendModule = {
    type: 'backend',
    init: () => undefined,
    read: (lng, _namespace, callback) => {
      if (!isLanguage(lng)) return callback(new Error(`no strings for ${lng}`), null);
      load(lng).then(
        (strings) => callback(null, strings),
        (error: unknown) => callback(error as Error, null),
      );
    },
  };
  const resources = Object.fromEntries(
    Object.entries(dictionaries).map(([lng, strings]) => [lng, { translation: strings }]),
  );
  const instance = i18next.createInstance();
  void instance
    .use(backend)
    .use(initReactI18next)
    .init({
      resources,
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: false,
      supportedLngs: ['mne', 'en'],
      load: 'currentOnly',
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
