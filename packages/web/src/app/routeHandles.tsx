import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';
import { isLanguage } from '../features/i18n/language';

export interface RouteHandle {
  name?: string;
  /** i18n key of the route's title; a titled route sets the document title. */
  title?: string;
}

const RouteTable = createContext<RouteObject[]>([]);

/** Makes the route table known to useRouteHandles (the declarative router has no useMatches). */
export function RouteTableProvider({
  routes,
  children,
}: {
  routes: RouteObject[];
  children: ReactNode;
}) {
  return <RouteTable.Provider value={routes}>{children}</RouteTable.Provider>;
}

/**
 * The handles of the routes matching the current location, outermost first; none under a
 * language that does not exist, where LangLayout shows the not-found screen (and its title).
 */
export function useRouteHandles(): RouteHandle[] {
  const routes = useContext(RouteTable);
  const location = useLocation();
  return useMemo(() => {
    const matches = matchRoutes(routes, location) ?? [];
    const lang = matches.at(-1)?.params['lang'];
    if (lang !== undefined && !isLanguage(lang)) return [];
    return matches.flatMap((match) =>
      match.route.handle ? [match.route.handle as RouteHandle] : [],
    );
  }, [routes, location]);
}
