import { hasConsent } from '@arttoy/shared/consent';

/** The analytics global a tag manager installs on the page (gtag.js); absent by default. */
export type Gtag = (command: 'event', name: string, params: Record<string, unknown>) => void;

interface RouterLike {
  state: { location: { pathname: string; search: string } };
  subscribe: (listener: (state: { location: { pathname: string; search: string } }) => void) => () => void;
}

/**
 * Reports page views, only if the analytics global exists (spec §5): the site loads no tracker of
 * its own; and where consent is required, only once the visitor gave it. Returns whether analytics started.
 */
export function startAnalytics(scope: { gtag?: unknown }, router: RouterLike): boolean {
  if (typeof scope.gtag !== 'function' || !hasConsent('analytics')) return false;
  const gtag = scope.gtag as Gtag;
  let last = '';
  const report = (location: { pathname: string; search: string }): void => {
    const path = `${location.pathname}${location.search}`;
    if (path === last) return;
    last = path;
    gtag('event', 'page_view', { page_path: path });
  };
  report(router.state.location);
  router.subscribe((state) => report(state.location));
  return true;
}
