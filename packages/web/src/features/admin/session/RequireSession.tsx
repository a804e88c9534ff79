import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../../app/icons';
import { ApiError } from '../../../api/client';
import { useStaffApi } from '../AdminServices';
import { useSessionStore } from './sessionStore';

/**
 * The console's screens need a live session: asks the server who is signed in (the cookie is
 * HttpOnly, so only the server knows), sends a stranger to the login with the way back, and one
 * whose one-time password is still in place to the password screen.
 */
export function RequireSession() {
  const { t } = useTranslation('admin');
  const staff = useStaffApi();
  const location = useLocation();
  const status = useSessionStore((s) => s.status);
  const mustChange = useSessionStore((s) => s.session?.user.must_change_password ?? false);
  const leftOnPurpose = useSessionStore((s) => s.leftOnPurpose);

  useEffect(() => {
    if (useSessionStore.getState().status !== 'checking') return;
    const controller = new AbortController();
    staff
      .me({ signal: controller.signal })
      .then((session) => useSessionStore.getState().signedIn(session))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (!(error instanceof ApiError && error.status === 401)) console.error(error);
        useSessionStore.getState().signedOut();
      });
    return () => controller.abort();
  }, [staff]);

  if (status === 'checking') {
    return (
      <div
        className="flex min-h-dvh items-center justify-center gap-2 text-slate-600"
        role="status"
      >
        <Spinner className="size-5" />
        {t('loading')}
      </div>
    );
  }
  if (status === 'signedOut') {
    if (leftOnPurpose) return <Navigate to="/admin/login" replace />;
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/admin/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (mustChange && location.pathname !== '/admin/password') {
    return <Navigate to="/admin/password" replace />;
  }
  return <Outlet />;
}
