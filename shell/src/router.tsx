import { useContext, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, useLocation, useParams, type RouteObject } from 'react-router';
import {
  createSiteError,
  HOME_ALIASES,
  invalidParamsError,
  paramsAreValid,
  SITE_ROUTES,
  type RouteIdOf,
  type SiteRoute,
} from '@arttoy/shared/contracts';
import { Layout } from './layout';
import { LazyRemoteOutlet } from './federation/lazy-remote-outlet';
import { ServedErrorContext } from './federation/server-outlet';
import { navigationPayloadLoader } from './federation/navigation-payload';
import { ContentPage } from './pages/content-page';
import { ErrorPage, RouteErrorPage } from './pages/error-page';
import { HomePage } from './pages/home-page';
import { LivePage } from './pages/live-page';
import { PagDemoPage } from './pages/pag-demo-page';
import { SkeletonDemoPage } from './pages/skeleton-demo-page';

/** The pages the shell itself owns; every other route belongs to a remote. */
const SHELL_PAGES: Record<RouteIdOf<'shell'>, ComponentType> = {
  index: HomePage,
  'pag-demo': PagDemoPage,
  'skeleton-demo': SkeletonDemoPage,
  live: LivePage,
  slug: ContentPage,
};

/** Renders a route's owner after checking its parameters: a mismatch is the fatal 404 of the spec. */
function OwnedRoute({ route }: { route: SiteRoute }): ReactNode {
  const params = useParams();
  const location = useLocation();
  // The document was served as an error page (a page that does not exist): this first page shows it.
  const served = useContext(ServedErrorContext);
  if (served) return <ErrorPage error={createSiteError(served)} />;
  if (!paramsAreValid(route, params)) throw invalidParamsError(`${location.pathname}${location.search}`);
  if (route.owner === 'shell') {
    const Page = SHELL_PAGES[route.id];
    return <Page />;
  }
  // Keyed by owner: react-router reuses the element across routes, and a new remote needs a new parcel.
  return <LazyRemoteOutlet key={route.owner} name={route.owner} />;
}

/**
 * The one route table of the site, built from shared/contracts/routes.ts. Every page's loader reads
 * the payload of the page navigated to (navigation-payload.ts); it has nothing to load for the page
 * the document brought.
 */
export function siteRouteObjects(): RouteObject[] {
  const routes: RouteObject[] = SITE_ROUTES.map((route) => ({
    id: route.id,
    path: route.path,
    loader: navigationPayloadLoader,
    element: <OwnedRoute route={route} />,
  }));
  const home = SITE_ROUTES.find((route) => route.id === 'index')!;
  const aliases: RouteObject[] = HOME_ALIASES.map((path) => ({
    id: `alias:${path}`,
    path,
    loader: navigationPayloadLoader,
    element: <OwnedRoute route={home} />,
  }));
  return [
    {
      element: <Layout />,
      children: [{ errorElement: <RouteErrorPage />, children: [...routes, ...aliases] }],
    },
  ];
}

/** The page the document brought is ready as it is: its loaders do not run (nor hold up hydration). */
export function loadedRoutes(routes: RouteObject[]): Record<string, null> {
  return Object.fromEntries(
    routes.flatMap((route) => [
      ...(route.id && route.loader ? [[route.id, null] as const] : []),
      ...Object.entries(loadedRoutes(route.children ?? [])),
    ]),
  );
}

export function createSiteRouter(): ReturnType<typeof createBrowserRouter> {
  const routes = siteRouteObjects();
  return createBrowserRouter(routes, { hydrationData: { loaderData: loadedRoutes(routes) } });
}
