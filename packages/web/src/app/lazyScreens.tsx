import { lazy } from 'react';

/*
 * Screens a passenger rarely sees, kept out of the first load: each is fetched when its route
 * is first shown (Root wraps the routes in Suspense).
 */
export const NotFound = lazy(async () => ({
  default: (await import('../features/notfound/NotFound')).NotFound,
}));
export const CaptchaScreen = lazy(async () => ({
  default: (await import('../features/captcha/CaptchaScreen')).CaptchaScreen,
}));
/** The staff console (/admin): its own routes, texts and stylesheet, never in a passenger's load. */
export const AdminApp = lazy(async () => ({
  default: (await import('../features/admin/AdminApp')).AdminApp,
}));
