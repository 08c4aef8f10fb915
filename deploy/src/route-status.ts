import { matchRoutes } from 'react-router';
import {
  HOME_ALIASES,
  paramsAreValid,
  SITE_ROUTES,
  type AppName,
  type SiteRoute,
} from '@arttoy/shared/contracts';

const home = SITE_ROUTES.find((route) => route.id === 'index')!;
const ROUTE_OBJECTS = [
  ...SITE_ROUTES.map((route) => ({ path: route.path, route })),
  ...HOME_ALIASES.map((path) => ({ path, route: home })),
];

export interface RouteResolution {
  /** The HTTP status the document is served with: crawlers must not index error pages (500: a document that failed). */
  status: 200 | 404 | 500;
  /** Who renders the page; null when nothing but the error page will. */
  owner: AppName | null;
  route: SiteRoute | null;
  /** The route matched but its parameters fail their patterns: the fatal "Page Not Found: {fullPath}". */
  invalidParams?: true;
}

/**
 * Resolves a path with the site's one route table, as the shell will: unmatched paths, invalid
 * parameters and catch-all paths with no content document are 404.
 */
export function resolveRoute(
  pathname: string,
  contentPaths: ReadonlySet<string> = new Set(),
): RouteResolution {
  const matches = matchRoutes(ROUTE_OBJECTS, pathname);
  const match = matches?.at(-1);
  if (!match) return { status: 404, owner: null, route: null };
  const { route } = match.route;
  if (!paramsAreValid(route, match.params))
    return { status: 404, owner: route.owner, route, invalidParams: true };
  if (route.id === 'slug' && !contentPaths.has(pathname.replace(/\/+$/, '')))
    return { status: 404, owner: 'shell', route };
  return { status: 200, owner: route.owner, route };
}
