import 'i18next';
import type { AdminResources } from '../admin/i18n/mne';
import type { Resources } from '../../i18n/mne';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // `admin` is added by the staff console's chunk (features/admin/i18n).
    resources: { translation: Resources; admin: AdminResources };
  }
}
