import type { Language } from '@supersteward/contract';
import { normalizeLanguage } from '../i18n/language';

/** Spec section 3: local storage key `uuid`, session storage key `language`. */
export const UUID_KEY = 'uuid';
export const LANGUAGE_KEY = 'language';

// Storage can throw (private mode, disabled cookies): the app keeps working without it.
function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export function readUuid(): string | null {
  return safe(() => localStorage.getItem(UUID_KEY), null) || null;
}
export function writeUuid(id: string): void {
  safe(() => localStorage.setItem(UUID_KEY, id), undefined);
}
export function removeUuid(): void {
  safe(() => localStorage.removeItem(UUID_KEY), undefined);
}
export function readLanguage(): Language {
  return normalizeLanguage(safe(() => sessionStorage.getItem(LANGUAGE_KEY), null));
}
export function writeLanguage(language: Language): void {
  safe(() => sessionStorage.setItem(LANGUAGE_KEY, language), undefined);
}

/** Spec section 2: a `uuid` query parameter at start-up becomes the visitor id. */
export function adoptUuidFromQuery(search: string): string | null {
  const id = new URLSearchParams(search).get('uuid');
  if (id) writeUuid(id);
  return id;
}
