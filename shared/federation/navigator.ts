import type { Location, NavigateOptions, Navigator, Path, To } from '../contracts';

/** The parts of a react-router data router a navigator needs (typed structurally: each app bundles its own react-router). */
export interface NavigableRouter {
  navigate: (
    to: To | number,
    opts?: NavigateOptions & { replace?: boolean; state?: unknown },
  ) => Promise<void> | void;
  createHref: (location: Location | URL) => string;
}

function toPath(to: To): Path {
  if (typeof to !== 'string')
    return { pathname: to.pathname ?? '/', search: to.search ?? '', hash: to.hash ?? '' };
  const url = new URL(to, 'http://site.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/**
 * The navigator handed to remotes: every push or replace goes through the shell's one router, so
 * a remote's `<Link>` changes the one URL and the shell re-renders with it.
 */
export function navigatorFor(router: NavigableRouter): Navigator {
  return {
    createHref: (to) => router.createHref({ ...toPath(to), state: null, key: 'href' }),
    go: (delta) => void router.navigate(delta),
    push: (to, state, opts) => void router.navigate(to, { ...opts, state }),
    replace: (to, state, opts) => void router.navigate(to, { ...opts, state, replace: true }),
  };
}
