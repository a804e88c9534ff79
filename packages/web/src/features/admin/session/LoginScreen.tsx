import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { STAFF_LIMITS } from '@supersteward/contract/staff';
import { AirlineLogo, Spinner } from '../../../app/icons';
import { ApiError } from '../../../api/client';
import { useConfigStore } from '../../config/configStore';
import { useStaffApi } from '../AdminServices';
import { AdminLanguageSwitcher } from '../layout/AdminLanguageSwitcher';
import { TextField } from '../ui/fields';
import { useSessionStore } from './sessionStore';

/** Only a console path may be the way back after the login (no open redirect). */
export function safeNext(next: string | null): string {
  return next && /^\/admin(\/|$|\?)/.test(next) && !next.startsWith('//') ? next : '/admin';
}

type LoginError = 'invalid' | 'locked' | 'failed';

export function LoginScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const airline = useConfigStore((s) => s.config.airline_name);
  const product = useConfigStore((s) => s.config.product_name);
  const expired = useSessionStore((s) => s.expired);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<LoginError | null>(null);

  useEffect(() => {
    document.title = `${t('login.title')} · ${product}`;
  }, [t, product]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const session = await staff.login({ body: { email: email.trim(), password } });
      useSessionStore.getState().signedIn(session);
      void navigate(
        session.user.must_change_password ? '/admin/password' : safeNext(params.get('next')),
        { replace: true },
      );
    } catch (caught) {
      const status = caught instanceof ApiError ? caught.status : 0;
      setError(status === 401 ? 'invalid' : status === 429 ? 'locked' : 'failed');
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center gap-3">
          <AirlineLogo className="size-12" />
          <div>
            <h1 className="text-xl font-semibold text-slate-900">{t('login.title')}</h1>
            <p className="text-sm text-slate-600">
              {airline ? t('login.intro', { airline }) : t('login.introNoAirline')}
            </p>
          </div>
        </div>
        <form
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          aria-describedby={error || expired ? 'login-message' : undefined}
          noValidate
        >
          {error || expired ? (
            <p
              id="login-message"
              role="alert"
              className={`rounded-lg px-3 py-2 text-sm ${
                error ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'
              }`}
            >
              {t(error ? `login.${error}` : 'login.expired')}
            </p>
          ) : null}
          <TextField
            label={t('login.email')}
            type="email"
            name="email"
            autoComplete="username"
            required
            maxLength={STAFF_LIMITS.emailMaxLength}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error === 'invalid' || undefined}
          />
          <TextField
            label={t('login.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            maxLength={STAFF_LIMITS.passwordMaxLength}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error === 'invalid' || undefined}
          />
          <button
            type="submit"
            aria-disabled={busy || !email || !password || undefined}
            disabled={busy}
            className="focus-ring inline-flex items-center justify-center gap-2 rounded-xl bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            {busy ? <Spinner /> : null}
            {busy ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
        <div className="mt-6">
          <AdminLanguageSwitcher />
        </div>
      </div>
    </main>
  );
}
