import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '@supersteward/contract';
import { createI18n } from '../features/i18n/createI18n';
import { en } from '../i18n/en';
import { mne } from '../i18n/mne';

/** Renders with the app's real i18n resources in the given language (kept across rerender). */
export function renderWithI18n(ui: ReactElement, language: Language = 'en') {
  const i18n = createI18n(language, { mne, en });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  return { i18n, ...render(ui, { wrapper }) };
}
