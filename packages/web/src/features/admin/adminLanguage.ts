import type { Language } from '@supersteward/contract';
import { normalizeLanguage } from '../i18n/language';

/** The console's interface language, kept per browser (its routes carry no language). */
export const ADMIN_LANGUAGE_KEY = 'admin-language';

export function readAdminLanguage(): Language {
  try {
    return normalizeLanguage(localStorage.getItem(ADMIN_LANGUAGE_KEY));
  } catch {
    return normalizeLanguage(null);
  }
}

export function writeAdminLanguage(language: Language): void {
  try {
    localStorage.setItem(ADMIN_LANGUAGE_KEY, language);
  } catch {
    // storage refused (private mode): the choice lasts until the page reloads
  }
}
