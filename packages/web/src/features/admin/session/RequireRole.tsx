import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { roleAllows, type StaffRole } from '@supersteward/contract/staff';
import { PageHeader } from '../layout/PageHeader';
import { useSessionStore } from './sessionStore';

/** The role a screen needs; others see why they cannot open it (the server refuses them too). */
export function RequireRole({ role, children }: { role: StaffRole; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const yours = useSessionStore((s) => s.session?.user.role);
  if (yours && roleAllows(yours, role)) return children;
  return (
    <>
      <PageHeader title={t('forbidden.title')} />
      <p className="text-slate-700" data-testid="forbidden">
        {t('forbidden.detail', {
          role: t(`roles.${role}`),
          yours: yours ? t(`roles.${yours}`) : '',
        })}
      </p>
    </>
  );
}

/** True when the signed-in member may do what `role` may (for hiding buttons, not for security). */
export function useCan(role: StaffRole): boolean {
  const yours = useSessionStore((s) => s.session?.user.role);
  return yours !== undefined && roleAllows(yours, role);
}
