import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useConfigStore } from '../features/config/configStore';
import { Toasts } from '../features/toasts/Toasts';
import { useRouteHandles } from './routeHandles';

export type { RouteHandle } from './routeHandles';

/** Document title, hash removal and the toasts: what every route shares. */
export function Root() {
  const location = useLocation();
  const navigate = useNavigate();
  const config = useConfigStore((s) => s.config);
  const titled = useRouteHandles().some((handle) => handle.title);

  // A URL hash is removed by redirecting to the same path without it.
  useEffect(() => {
    if (location.hash) {
      void navigate(
        { pathname: location.pathname, search: location.search },
        { replace: true, state: location.state as unknown },
      );
    }
  }, [location, navigate]);

  // A route with a title gives the document title product + airline name.
  useEffect(() => {
    if (titled) {
      document.title = [config.product_name, config.airline_name].filter(Boolean).join(' · ');
    }
  }, [titled, config.product_name, config.airline_name]);

  return (
    <>
      {/* Lazily loaded screens (app/lazyScreens.tsx) show nothing until they arrive. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      <Toasts />
    </>
  );
}
