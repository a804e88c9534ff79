import type { Language } from '@supersteward/contract';
import { normalizeLanguage } from '../i18n/language';

/** Local storage key `uuid`, session storage key `language`. */
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

/**
 * A `uuid` query parameter at start-up becomes the visitor id, and leaves the address: a link
 * copied from the address bar must not hand the visitor's threads to whoever opens it.
 */
export function adoptUuidFromQuery(location: Location, history: History): string | null {
  const query = new URLSearchParams(location.search);
  const id = query.get('uuid');
  if (id === null) return null;
  if (id) writeUuid(id);
  query.delete('uuid');
  const search = query.toString();
  history.replaceState(history.state, '', `${location.pathname}${search && `?${search}`}`);
  return id;
}
