import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoutes, type RouteObject } from 'react-router';
import { readAdminLanguage } from './adminLanguage';
import { AdminServicesProvider, type AdminServices } from './AdminServices';
import { createStaffApi } from './api/staffApi';
import { addAdminTranslations } from './i18n/addAdminTranslations';
import { AdminLayout } from './layout/AdminLayout';
import { AdminNotFound } from './layout/AdminNotFound';
import { LoginScreen } from './session/LoginScreen';
import { PasswordScreen } from './session/PasswordScreen';
import { RequireRole } from './session/RequireRole';
import { RequireSession } from './session/RequireSession';
import { useSessionStore } from './session/sessionStore';
import { OverviewScreen } from './overview/OverviewScreen';
import { GapsScreen } from './gaps/GapsScreen';
import { ConversationsScreen } from './conversations/ConversationsScreen';
import { ConversationScreen } from './conversations/ConversationScreen';
import { AccountsScreen } from './accounts/AccountsScreen';
import { AuditScreen } from './audit/AuditScreen';
import { KNOWLEDGE_ROUTES } from './knowledge/knowledgeRoutes';
import { NoticesScreen } from './notices/NoticesScreen';
import './admin.css';

/** The console's client: the session's CSRF token on each change; a 401 ends the session here too. */
function createAdminServices(): AdminServices {
  return {
    staff: createStaffApi({
      baseUrl: import.meta.env.VITE_API_BASE ?? '',
      getCsrfToken: () => useSessionStore.getState().session?.csrf_token ?? null,
      onUnauthorized: () => {
        if (useSessionStore.getState().status === 'signedIn') {
          useSessionStore.getState().signedOut('expired');
        }
      },
    }),
  };
}

const admin = (element: React.ReactNode) => <RequireRole role="admin">{element}</RequireRole>;

/** The console's screens, relative to /admin (route objects: the app's router already has them). */
const ROUTES: RouteObject[] = [
  { path: 'login', element: <LoginScreen /> },
  {
    element: <RequireSession />,
    children: [
      {
        element: <AdminLayout />,
        children: [
          { index: true, element: <OverviewScreen /> },
          { path: 'gaps', element: <GapsScreen /> },
          { path: 'conversations', element: <ConversationsScreen /> },
          { path: 'conversations/:threadId', element: <ConversationScreen /> },
          ...KNOWLEDGE_ROUTES,
          { path: 'notices', element: <NoticesScreen /> },
          { path: 'accounts', element: admin(<AccountsScreen />) },
          { path: 'audit', element: admin(<AuditScreen />) },
          { path: 'password', element: <PasswordScreen /> },
          { path: '*', element: <AdminNotFound /> },
        ],
      },
    ],
  },
];

/**
 * The staff console under /admin: its own chunk, texts, stylesheet, layout and routes. Nothing
 * of it loads for a passenger.
 */
export function AdminApp() {
  const { i18n } = useTranslation();
  addAdminTranslations(i18n);
  const [services] = useState(createAdminServices);
  const routes = useRoutes(ROUTES);

  // The console's language is the staff member's choice, kept in this browser.
  useLayoutEffect(() => {
    const language = readAdminLanguage();
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [i18n]);

  return <AdminServicesProvider services={services}>{routes}</AdminServicesProvider>;
}
