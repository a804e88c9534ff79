import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  STAFF_ROLES,
  type OneTimePasswordResponse,
  type StaffRole,
  type StaffUser,
} from '@supersteward/contract/staff';
import { Spinner } from '../../../app/icons';
import { showToast } from '../../toasts/toastStore';
import { useStaffApi } from '../AdminServices';
import { errorDetail } from '../api/staffRequest';
import { PageHeader } from '../layout/PageHeader';
import { useSessionStore } from '../session/sessionStore';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, TextField } from '../ui/fields';
import { useFormats } from '../ui/format';
import { LoadState } from '../ui/LoadState';
import { Section } from '../ui/Section';
import { useStaffQuery } from '../ui/useStaffQuery';

const SELECT = 'focus-ring rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm';

/** A one-time password, shown once: the admin hands it over; the member replaces it at first login. */
function OneTimePassword({
  result,
  onClose,
}: {
  result: OneTimePasswordResponse;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div
      role="alert"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="one-time-password"
    >
      <p className="font-medium">{t('accounts.otpFor', { email: result.user.email })}</p>
      <p className="mt-2 font-mono text-base break-all select-all" data-testid="otp-value">
        {result.one_time_password}
      </p>
      <p className="mt-2">{t('accounts.otpOnce')}</p>
      <button type="button" className={`${BUTTON_SECONDARY} mt-3`} onClick={onClose}>
        {t('accounts.otpDone')}
      </button>
    </div>
  );
}

function CreateUser({ onCreated }: { onCreated: (result: OneTimePasswordResponse) => void }) {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('viewer');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) return setError(t('accounts.badEmail'));
    setBusy(true);
    setError(null);
    try {
      onCreated(await staff.createUser({ body: { email: email.trim(), role } }));
      setEmail('');
    } catch (caught) {
      setError(errorDetail(caught) ?? t('errors.save'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="flex flex-wrap items-end gap-3"
      noValidate
      data-testid="create-user"
    >
      <div className="min-w-60 flex-1">
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
          required
        />
      </div>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {t('accounts.role')}
        <select
          value={role}
          onChange={(event) => setRole(event.target.value as StaffRole)}
          className={SELECT}
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={BUTTON_PRIMARY} disabled={busy}>
        {busy ? <Spinner /> : null}
        {t('accounts.create')}
      </button>
    </form>
  );
}

function UserRow({
  user,
  onChanged,
  onPassword,
}: {
  user: StaffUser;
  onChanged: () => void;
  onPassword: (r: OneTimePasswordResponse) => void;
}) {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const f = useFormats();
  const self = useSessionStore((s) => s.session?.user.id) === user.id;
  const locked = user.locked_until !== null && Date.parse(user.locked_until) > Date.now();
  const act = async (action: () => Promise<unknown>) => {
    try {
      await action();
      onChanged();
    } catch (caught) {
      showToast({
        type: 'ERROR',
        title: t('errors.save'),
        description: errorDetail(caught) ?? undefined,
      });
    }
  };
  return (
    <li
      className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center lg:justify-between"
      data-testid="user-row"
      data-email={user.email}
    >
      <div className="min-w-0">
        <p className="font-medium break-all text-slate-900">
          {user.email}
          {self ? (
            <span className="ml-1 text-xs font-normal text-slate-600">({t('accounts.you')})</span>
          ) : null}
        </p>
        <p className="mt-0.5 text-xs text-slate-600">
          {user.disabled ? (
            <span className="font-semibold text-red-800">{t('accounts.disabled')}</span>
          ) : locked ? (
            <span className="font-semibold text-amber-800">
              {t('accounts.lockedUntil', { at: f.dateTime(user.locked_until ?? '') })}
            </span>
          ) : (
            <span className="text-emerald-800">{t('accounts.active')}</span>
          )}
          {user.must_change_password ? ` · ${t('accounts.mustChange')}` : ''}
          {' · '}
          {t('accounts.lastLogin')}: {user.last_login_at ? f.dateTime(user.last_login_at) : '–'}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`role-${user.id}`}>
          {t('accounts.roleOf', { email: user.email })}
        </label>
        <select
          id={`role-${user.id}`}
          value={user.role}
          className={SELECT}
          onChange={(event) =>
            void act(() =>
              staff.updateUser({
                params: { id: user.id },
                body: { role: event.target.value as StaffRole },
              }),
            )
          }
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </select>
        {locked ? (
          <button
            type="button"
            className={BUTTON_SECONDARY}
            onClick={() =>
              void act(() => staff.updateUser({ params: { id: user.id }, body: { unlock: true } }))
            }
          >
            {t('accounts.unlock')}
          </button>
        ) : null}
        <button
          type="button"
          className={BUTTON_SECONDARY}
          onClick={() =>
            void act(() =>
              staff.updateUser({ params: { id: user.id }, body: { disabled: !user.disabled } }),
            )
          }
        >
          {user.disabled ? t('accounts.enable') : t('accounts.disable')}
        </button>
        <button
          type="button"
          className={BUTTON_SECONDARY}
          onClick={() =>
            void act(async () => onPassword(await staff.resetPassword({ params: { id: user.id } })))
          }
        >
          {t('accounts.reset')}
        </button>
      </div>
    </li>
  );
}

/** Staff accounts: create with a one-time password, change roles, disable, unlock, reset (admins only). */
export function AccountsScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const [round, setRound] = useState(0);
  const [otp, setOtp] = useState<OneTimePasswordResponse | null>(null);
  const query = useStaffQuery((signal) => staff.listUsers({ signal }), `users-${round}`);
  const refresh = () => setRound((r) => r + 1);
  const showOtp = (result: OneTimePasswordResponse) => {
    setOtp(result);
    refresh();
  };
  return (
    <>
      <PageHeader title={t('nav.accounts')} description={t('accounts.intro')} />
      <div className="flex flex-col gap-6">
        <Section title={t('accounts.newTitle')}>
          <CreateUser onCreated={showOtp} />
        </Section>
        {otp ? <OneTimePassword result={otp} onClose={() => setOtp(null)} /> : null}
        <Section title={t('accounts.listTitle')}>
          <LoadState loading={query.loading} error={query.error} reload={query.reload} />
          {query.data ? (
            <ul
              className="flex flex-col divide-y divide-slate-100"
              aria-label={t('accounts.listTitle')}
            >
              {query.data.map((user) => (
                <UserRow key={user.id} user={user} onChanged={refresh} onPassword={showOtp} />
              ))}
            </ul>
          ) : null}
        </Section>
      </div>
    </>
  );
}
