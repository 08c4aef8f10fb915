import { matchRoutes } from 'react-router';
import { HOME_ALIASES, isRemoteName, SITE_ROUTES } from '@arttoy/shared/contracts';
import { createPrefetcher } from './prefetch';
import { loadRemoteApp } from './remotes';

const ROUTE_OBJECTS = [...SITE_ROUTES.map((route) => ({ path: route.path, owner: route.owner })), ...HOME_ALIASES.map((path) => ({ path, owner: 'shell' as const }))];

/** The code a path needs: its remote's entry and `./app` module (the shell's own pages are already loaded). */
function codeFor(path: string): (() => Promise<unknown>) | null {
  const pathname = new URL(path, 'http://site.invalid').pathname;
  const owner = matchRoutes(ROUTE_OBJECTS, pathname)?.at(-1)?.route.owner;
  return isRemoteName(owner) ? () => loadRemoteApp(owner) : null;
}

type NavigatorWithConnection = Navigator & { connection?: { saveData?: boolean; effectiveType?: string } };

/** The page's one prefetcher. */
export const sitePrefetcher = createPrefetcher(codeFor, () => (globalThis.navigator as NavigatorWithConnection | undefined)?.connection);
