import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../app/icons';
import { showToast } from '../../toasts/toastStore';
import { useStaffApi } from '../AdminServices';
import { errorDetail } from '../api/staffRequest';
import { BUTTON_SECONDARY } from '../ui/fields';

/**
 * Downloads the published knowledge base as KNOWLEDGE_DIR files (one JSON: path and content of
 * each `mne/<id>.md`, `en/<id>.md`), to keep or to seed another installation.
 */
export function ExportButton() {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const result = await staff.exportFiles();
      const blob = new Blob([JSON.stringify(result, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `knowledge-v${result.version}.json`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      showToast({ type: 'ERROR', title: t('errors.load'), description: errorDetail(error) ?? '' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={BUTTON_SECONDARY}
      onClick={() => void download()}
      disabled={busy}
    >
      {busy ? <Spinner /> : null}
      {t('kb.export')}
    </button>
  );
}
