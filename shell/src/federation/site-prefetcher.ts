import { matchRoutes } from 'react-router';
import { HOME_ALIASES, isRemoteName, SITE_ROUTES } from '@arttoy/shared/contracts';
import { preloadRemoteOutlet } from './lazy-remote-outlet';
import { payloadNavigationEnabled } from './navigation-payload';
import { createPrefetcher } from './prefetch';
import { loadRemoteApp } from './remotes';

const ROUTE_OBJECTS = [
  ...SITE_ROUTES.map((route) => ({ path: route.path, owner: route.owner })),
  ...HOME_ALIASES.map((path) => ({ path, owner: 'shell' as const })),
];

/**
 * The code a path needs: the shell's outlet, its remote's entry and `./app` module, and the page's
 * own chunk (and, without payloads, its first read) when the remote offers `prefetch` (the shell's
 * own pages are already loaded).
 */
function codeFor(path: string): (() => Promise<unknown>) | null {
  const pathname = new URL(path, 'http://site.invalid').pathname;
  const owner = matchRoutes(ROUTE_OBJECTS, pathname)?.at(-1)?.route.owner;
  if (!isRemoteName(owner)) return null;
  // Where pages come with payloads, the navigation reads the page's data in one: only its code here.
  return () =>
    Promise.all([
      preloadRemoteOutlet(),
      loadRemoteApp(owner).then((app) => app.prefetch?.(pathname, { data: !payloadNavigationEnabled() })),
    ]);
}

type NavigatorWithConnection = Navigator & { connection?: { saveData?: boolean; effectiveType?: string } };

/** The page's one prefetcher. */
export const sitePrefetcher = createPrefetcher(
  codeFor,
  () => (globalThis.navigator as NavigatorWithConnection | undefined)?.connection,
);
