/**
 * The shell's server module (`./server` of its server container): the site server calls it for
 * every page it renders. It renders what the browser's first render makes of the same URL: the
 * chrome, and the shell's own page or the remote's server HTML in the remote's outlet.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router';
import {
  HOME_ALIASES,
  SITE_ROUTES,
  type PageHead,
  type Path,
  type ShellServerModule,
} from '@arttoy/shared/contracts';
import { contentDocumentUrl, previewRequested } from '@arttoy/shared/content';
import { PageDataProvider } from '@arttoy/shared/federation/page-data';
import { serverNavigator } from '@arttoy/shared/server';
import { preloadRemoteOutlet } from './federation/lazy-remote-outlet';
import { ServedErrorContext, ServerRemoteContext } from './federation/server-outlet';
import { ShellNavigatorContext } from './federation/shell-navigator';
import { preloadContentPage } from './pages/content-page';
import { HOME_READS } from './pages/home-data';
import { RECENT_URL } from './live/use-live-feed';
import { siteRouteObjects } from './router';

const CONTENT_ROUTE = SITE_ROUTES.find((route) => route.id === 'slug')!;

/** True when the shell's catch-all content page owns the path (no other route matches it). */
function isContentPage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (
    !SITE_ROUTES.some((route) => route !== CONTENT_ROUTE && matchPath(route.path, path)) &&
    matchPath(CONTENT_ROUTE.path, path) !== null
  );
}

const HOME_PATHS = new Set<string>(['/', ...HOME_ALIASES]);

export const firstReads: ShellServerModule['firstReads'] = (location: Path) => {
  const path = location.pathname.replace(/(.)\/+$/, '$1');
  if (HOME_PATHS.has(path)) return Object.values(HOME_READS);
  // The live room is served with the latest events; the browser streams the ones after them.
  if (path === '/live') return [RECENT_URL];
  if (!isContentPage(location.pathname) || previewRequested(location.search)) return [];
  return [contentDocumentUrl(location.pathname.replace(/\/+$/, '') || '/')];
};

export const renderToHtml: ShellServerModule['renderToHtml'] = async ({
  location,
  data,
  remote,
  error = null,
}) => {
  // Code the first render needs, loaded once per process: without it a render shows a loading
  // placeholder, and it must not depend on what earlier requests happened to load. The browser
  // loads the same code before it hydrates (federation/hydration.tsx).
  await Promise.all([preloadRemoteOutlet(), preloadContentPage()]);
  const handler = createStaticHandler(siteRouteObjects());
  const url = new URL(`${location.pathname}${location.search}`, 'http://site.invalid');
  const context = await handler.query(new Request(url));
  if (context instanceof Response)
    throw new Error(`The shell's routes answered ${url.pathname} with a redirect; it has none to render.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let head: PageHead | null = null;
  const html = renderToString(
    <StrictMode>
      <PageDataProvider
        data={data}
        onHead={(next) => {
          head = next;
        }}
      >
        <ServerRemoteContext value={remote}>
          <ServedErrorContext value={error}>
            <ShellNavigatorContext.Provider value={serverNavigator}>
              {/* No hydration script: the page's CSP allows no inline script, and no route has a loader. */}
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </ShellNavigatorContext.Provider>
          </ServedErrorContext>
        </ServerRemoteContext>
      </PageDataProvider>
    </StrictMode>,
  );
  // The remote's page says what it is itself (its head comes with its HTML); the shell's own pages here.
  return { html, head: remote && !error ? null : head };
};
