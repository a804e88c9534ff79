import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { roleAllows } from '@supersteward/contract/staff';
import { AirlineLogo } from '../../../app/icons';
import { useConfigStore } from '../../config/configStore';
import { useSessionStore } from '../session/sessionStore';
import { useSignOut } from '../session/useSignOut';
import { AdminLanguageSwitcher } from './AdminLanguageSwitcher';
import { NAV_ITEMS } from './navItems';

const hrefOf = (path: string) => (path ? `/admin/${path}` : '/admin');

/** The menu item of the screen shown (a thread belongs to Conversations, a version to Knowledge). */
function isCurrent(pathname: string, path: string): boolean {
  const href = hrefOf(path);
  return path === ''
    ? pathname === href || pathname === `${href}/`
    : pathname === href || pathname.startsWith(`${href}/`);
}

/** Brand, the screens this role may open, and who is signed in: in the sidebar and the drawer. */
export function AdminNavContent({
  onNavigate,
  headerAction,
}: {
  onNavigate?: () => void;
  headerAction?: React.ReactNode;
}) {
  const { t } = useTranslation('admin');
  const airline = useConfigStore((s) => s.config.airline_name);
  const user = useSessionStore((s) => s.session?.user);
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const items = NAV_ITEMS.filter((item) => user && roleAllows(user.role, item.role));

  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center gap-3 px-4 pt-4 pb-3">
        <AirlineLogo className="size-10 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-semibold text-brand-900">{t('title')}</p>
          {airline ? <p className="truncate text-xs text-slate-600">{airline}</p> : null}
        </div>
        {headerAction}
      </div>

      <nav aria-label={t('nav.label')} className="min-h-0 flex-1 overflow-y-auto px-3 py-2">
        <ul className="flex flex-col gap-0.5">
          {items.map((item) => (
            <li key={item.key}>
              <Link
                to={hrefOf(item.path)}
                onClick={onNavigate}
                aria-current={isCurrent(pathname, item.path) ? 'page' : undefined}
                data-testid={`admin-nav-${item.key}`}
                className={`focus-ring block rounded-lg px-3 py-2 text-sm ${
                  isCurrent(pathname, item.path)
                    ? 'bg-brand-100 font-semibold text-brand-900'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                }`}
              >
                {t(`nav.${item.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="flex flex-col gap-3 border-t border-slate-200 p-3">
        {user ? (
          <div className="px-1 text-sm">
            <p className="truncate text-slate-900" title={user.email}>
              <span className="sr-only">{t('signedInAs')} </span>
              {user.email}
            </p>
            <p className="text-xs text-slate-600" data-testid="admin-role">
              {t(`roles.${user.role}`)}
            </p>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-x-3 gap-y-1 px-1 text-sm">
          <Link
            to="/admin/password"
            onClick={onNavigate}
            className="focus-ring rounded text-brand-700 underline-offset-2 hover:underline"
          >
            {t('changePassword')}
          </Link>
          <Link
            to="/mne/chats/new"
            className="focus-ring rounded text-brand-700 underline-offset-2 hover:underline"
          >
            {t('nav.toChat')}
          </Link>
        </div>
        <button
          type="button"
          onClick={() => void signOut()}
          className="focus-ring rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          {t('signOut')}
        </button>
        <AdminLanguageSwitcher />
      </div>
    </div>
  );
}
