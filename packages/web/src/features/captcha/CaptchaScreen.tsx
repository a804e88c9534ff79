import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useServices } from '../../app/services';
import { AirlineLogo, Spinner } from '../../app/icons';
import { showToast } from '../toasts/toastStore';

/** The interactive check: 'Verify' solves a challenge now and keeps the token for the next action. */
export function CaptchaScreen() {
  const { t } = useTranslation();
  const { lang = 'mne' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { captcha } = useServices();
  const [verifying, setVerifying] = useState(false);
  const [failed, setFailed] = useState(false);

  const verify = async () => {
    setVerifying(true);
    setFailed(false);
    const ok = await captcha.verify();
    setVerifying(false);
    if (!ok) {
      setFailed(true);
      return;
    }
    showToast({ type: 'SUCCESS', title: t('captcha.verified') });
    const from = (location.state as { from?: string } | null)?.from;
    void navigate(from ?? `/${lang}/chats/new`, { replace: true });
  };

  return (
    <main className="flex min-h-full items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <AirlineLogo className="mx-auto size-12" />
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{t('captcha.title')}</h1>
        <p className="mt-2 text-sm text-slate-600">{t('captcha.prompt')}</p>
        <button
          type="button"
          onClick={() => void verify()}
          disabled={verifying}
          aria-busy={verifying || undefined}
          className="focus-ring mt-6 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait"
        >
          {verifying ? <Spinner /> : null}
          {verifying ? t('captcha.verifying') : t('captcha.verify')}
        </button>
        {failed ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {t('captcha.failed')}
          </p>
        ) : null}
        <p className="mt-6 text-xs text-slate-600">{t('captcha.notice')}</p>
      </div>
    </main>
  );
}
