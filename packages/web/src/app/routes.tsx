import { Suspense } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { ChatScreen } from '../features/chat/ChatScreen';
import { ChatLayout } from '../features/layout/ChatLayout';
import { LangLayout } from '../features/layout/LangLayout';
import { AdminApp, CaptchaScreen, NotFound } from './lazyScreens';
import { RenderErrorBoundary } from './RenderErrorBoundary';
import { Root } from './Root';
import { RouteTableProvider, type RouteHandle } from './routeHandles';

/**
 * Rendered by React Router's declarative router (useRoutes), which is about
 * 14 KB (brotli) lighter than its data router: routes carry elements, never loaders or `lazy`;
 * a screen that is not on the passenger's first load is a React.lazy element. One route serves chats/new and chats/{threadId}, so moving from a new chat to
 * its thread after the first answer keeps the screen mounted (no flash, focus stays in the box).
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <Navigate to="/mne" replace /> },
      {
        // The staff console: its own layout and routes, in a chunk the passengers never download.
        path: 'admin/*',
        element: <AdminApp />,
        handle: { name: 'admin' } satisfies RouteHandle,
      },
      {
        path: ':lang',
        element: <LangLayout />,
        children: [
          { index: true, element: <Navigate to="chats/new" replace /> },
          {
            path: 'chats',
            element: <ChatLayout />,
            children: [
              { index: true, element: <Navigate to="new" replace /> },
              {
                path: ':threadId',
                element: <ChatScreen />,
                handle: { name: 'dashboard-chats', title: 'chat.routeTitle' } satisfies RouteHandle,
              },
            ],
          },
          {
            path: 'captcha',
            element: <CaptchaScreen />,
            handle: { name: 'captcha' } satisfies RouteHandle,
          },
          { path: '*', element: <NotFound /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** The app's routes; a screen that fails to render shows the not-found page, as before. */
export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  const failed = (
    <Suspense fallback={null}>
      <NotFound />
    </Suspense>
  );
  return (
    <RouteTableProvider routes={routes}>
      <RenderErrorBoundary fallback={failed} resetKey={pathname}>
        {element}
      </RenderErrorBoundary>
    </RouteTableProvider>
  );
}
