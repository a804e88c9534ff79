import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KB_LIMITS } from '@supersteward/contract/staff';
import { Spinner } from '../../../app/icons';
import { BUTTON_DANGER, TextAreaField } from '../ui/fields';

/** An admin's way past a refused publish: a written reason, kept in the history and audit log. */
export function OverrideForm({
  busy,
  onOverride,
}: {
  busy: boolean;
  onOverride: (reason: string) => void;
}) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const min = KB_LIMITS.overrideReasonMinLength;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < min) return setError(t('kb.reasonTooShort', { min }));
    onOverride(reason.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid="override">
      <TextAreaField
        label={t('kb.overrideReason')}
        hint={t('kb.overrideHint')}
        error={error}
        value={reason}
        maxLength={KB_LIMITS.overrideReasonMaxLength}
        rows={3}
        onChange={(event) => {
          setReason(event.target.value);
          setError(null);
        }}
        required
      />
      <div>
        <button type="submit" className={BUTTON_DANGER} disabled={busy}>
          {busy ? <Spinner /> : null}
          {t('kb.publishAnyway')}
        </button>
      </div>
    </form>
  );
}
