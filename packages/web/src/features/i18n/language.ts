import type { Language } from '@supersteward/contract';

export const SUPPORTED_LANGUAGES: readonly Language[] = ['mne', 'en'];
export const FALLBACK_LANGUAGE: Language = 'mne';

export function isLanguage(value: unknown): value is Language {
  return value === 'mne' || value === 'en';
}

/** A stored language other than en or mne falls back to mne. */
export function normalizeLanguage(value: unknown): Language {
  return isLanguage(value) ? value : FALLBACK_LANGUAGE;
}

/** `en` when a path segment of the address starts with en, otherwise mne. */
export function initialLocale(pathname: string): Language {
  return pathname.split('/').some((segment) => segment.startsWith('en')) ? 'en' : 'mne';
}

/** BCP 47 tag for `<html lang>`: Montenegrin in Latin script is read by screen readers as sr-Latn-ME. */
export function htmlLang(language: Language): string {
  return language === 'en' ? 'en' : 'sr-Latn-ME';
}

/** The same route under another language: `/mne/chats/abc?x=1` → `/en/chats/abc?x=1`. */
export function swapLanguageInPath(pathname: string, language: Language): string {
  const parts = pathname.split('/');
  if (isLanguage(parts[1])) parts[1] = language;
  else parts.splice(1, 0, language);
  return parts.join('/') || `/${language}`;
}
