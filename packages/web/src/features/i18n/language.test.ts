import { describe, expect, it } from 'vitest';
import { htmlLang, initialLocale, normalizeLanguage, swapLanguageInPath } from './language';
import { readLanguage, writeLanguage, LANGUAGE_KEY } from '../user/storage';

describe('language rules', () => {
  it('falls back to mne for anything but en or mne', () => {
    expect(normalizeLanguage('en')).toBe('en');
    expect(normalizeLanguage('mne')).toBe('mne');
    for (const bad of ['de', 'EN', '', null, undefined, 42]) {
      expect(normalizeLanguage(bad)).toBe('mne');
    }
  });

  it('reads the session storage language with the same fallback', () => {
    expect(readLanguage()).toBe('mne');
    sessionStorage.setItem(LANGUAGE_KEY, 'fr');
    expect(readLanguage()).toBe('mne');
    writeLanguage('en');
    expect(sessionStorage.getItem(LANGUAGE_KEY)).toBe('en');
    expect(readLanguage()).toBe('en');
  });

  it('picks the initial locale from a path segment starting with en', () => {
    expect(initialLocale('/en/chats/new')).toBe('en');
    expect(initialLocale('/english/whatever')).toBe('en');
    expect(initialLocale('/mne/chats/new')).toBe('mne');
    expect(initialLocale('/')).toBe('mne');
    expect(initialLocale('/de/chats/new')).toBe('mne');
  });

  it('swaps the language segment and keeps the rest of the route', () => {
    expect(swapLanguageInPath('/mne/chats/abc', 'en')).toBe('/en/chats/abc');
    expect(swapLanguageInPath('/en/chats/new', 'mne')).toBe('/mne/chats/new');
    expect(swapLanguageInPath('/', 'en')).toBe('/en/');
  });

  it('gives a valid html lang tag', () => {
    expect(htmlLang('en')).toBe('en');
    expect(htmlLang('mne')).toBe('sr-Latn-ME');
  });
});
