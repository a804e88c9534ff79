import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { STAFF_LIMITS } from '@supersteward/contract/staff';
import { Spinner } from '../../../app/icons';
import { ApiError } from '../../../api/client';
import { showToast } from '../../toasts/toastStore';
import { useStaffApi } from '../AdminServices';
import { PageHeader } from '../layout/PageHeader';
import { BUTTON_PRIMARY, CARD, TextField } from '../ui/fields';
import { useSessionStore } from './sessionStore';

/** Replace one's own password (required while the one-time password is in place). */
export function PasswordScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const navigate = useNavigate();
  const mustChange = useSessionStore((s) => s.session?.user.must_change_password ?? false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: 'current' | 'next' | 'repeat'; text: string } | null>(
    null,
  );
  const min = STAFF_LIMITS.passwordMinLength;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (next.length < min)
      return setError({ field: 'next', text: t('password.tooShort', { min }) });
    if (next !== repeat) return setError({ field: 'repeat', text: t('password.mismatch') });
    setBusy(true);
    setError(null);
    try {
      await staff.changePassword({ body: { current_password: current, new_password: next } });
      const session = await staff.me();
      useSessionStore.getState().signedIn(session);
      showToast({ type: 'SUCCESS', title: t('password.saved') });
      void navigate('/admin', { replace: true });
    } catch (caught) {
      const wrong = caught instanceof ApiError && (caught.status === 401 || caught.status === 403);
      setError({ field: 'current', text: wrong ? t('password.wrongCurrent') : t('errors.save') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('password.title')}
        description={mustChange ? t('password.mustChange') : undefined}
      />
      <form
        onSubmit={(event) => void submit(event)}
        className={`${CARD} flex max-w-md flex-col gap-4`}
        noValidate
      >
        <TextField
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={error?.field === 'current' ? error.text : null}
          required
        />
        <TextField
          label={t('password.next')}
          type="password"
          autoComplete="new-password"
          hint={t('password.hint', { min })}
          minLength={min}
          maxLength={STAFF_LIMITS.passwordMaxLength}
          value={next}
          onChange={(event) => setNext(event.target.value)}
          error={error?.field === 'next' ? error.text : null}
          required
        />
        <TextField
          label={t('password.repeat')}
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          error={error?.field === 'repeat' ? error.text : null}
          required
        />
        <div>
          <button type="submit" disabled={busy} className={BUTTON_PRIMARY}>
            {busy ? <Spinner /> : null}
            {t('password.save')}
          </button>
        </div>
      </form>
    </>
  );
}
