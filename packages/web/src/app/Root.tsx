import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useConfigStore } from '../features/config/configStore';
import { Toasts } from '../features/toasts/Toasts';

export interface RouteHandle {
  name?: string;
  /** i18n key of the route's title; a titled route sets the document title. */
  title?: string;
}

/** Document title, hash removal and the toasts: what every route shares. */
export function Root() {
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const config = useConfigStore((s) => s.config);
  const titled = matches.some((match) => (match.handle as RouteHandle | undefined)?.title);

  // Spec section 2: a URL hash is removed by redirecting to the same path without it.
  useEffect(() => {
    if (location.hash) {
      navigate(
        { pathname: location.pathname, search: location.search },
        { replace: true, state: location.state },
      );
    }
  }, [location, navigate]);

  // Spec section 2: a route with a title gives the document title product + airline name.
  useEffect(() => {
    if (titled) {
      document.title = [config.product_name, config.airline_name].filter(Boolean).join(' · ');
    }
  }, [titled, config.product_name, config.airline_name]);

  return (
    <>
      <Outlet />
      <Toasts />
    </>
  );
}
