import { Navigate, type RouteObject } from 'react-router';
import { CaptchaScreen } from '../features/captcha/CaptchaScreen';
import { ChatScreen } from '../features/chat/ChatScreen';
import { ChatLayout } from '../features/layout/ChatLayout';
import { LangLayout } from '../features/layout/LangLayout';
import { NotFound } from '../features/notfound/NotFound';
import { Root, type RouteHandle } from './Root';

/**
 * Spec section 2. One route serves chats/new and chats/{threadId}, so moving from a new chat to
 * its thread after the first answer keeps the screen mounted (no flash, focus stays in the box).
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <NotFound />,
    children: [
      { path: '/', element: <Navigate to="/mne" replace /> },
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
