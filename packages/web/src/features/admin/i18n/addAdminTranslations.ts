import type { i18n } from 'i18next';
import { adminEn } from './en';
import { adminMne } from './mne';

/** The console's texts join the app's i18n instance as the `admin` namespace when its chunk loads. */
export function addAdminTranslations(instance: i18n): void {
  if (instance.hasResourceBundle('mne', 'admin')) return;
  instance.addResourceBundle('mne', 'admin', adminMne);
  instance.addResourceBundle('en', 'admin', adminEn);
}
