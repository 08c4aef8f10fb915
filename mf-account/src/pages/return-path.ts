import { sameSitePath as siteOnly } from '@arttoy/shared/http';

/** The query parameter a link to /login can carry: where to go once signed in (`/login?return_to=/locker`). */
export const RETURN_PARAM = 'return_to';

/**
 * A path on this site as the browser resolves it, or null (shared/http: "//host", "/\\host" and
 * "/.//host" are other sites to a browser). A way back to /login itself would go nowhere.
 */
export function sameSitePath(value: unknown): string | null {
  const given = typeof value === 'object' && value !== null ? pathOf(value) : value;
  const path = typeof given === 'string' ? siteOnly(given) : null;
  if (path === null || /^\/login(?:[/?#]|$)/.test(path)) return null;
  return path;
}

function pathOf(location: object): string | null {
  const {
    pathname,
    search = '',
    hash = '',
  } = location as { pathname?: unknown; search?: unknown; hash?: unknown };
  return typeof pathname === 'string' ? `${pathname}${String(search)}${String(hash)}` : null;
}

/**
 * Where the visitor came from, by what the URL and history say: a `return_to` parameter, a
 * `from` in the navigation state, else the previous history entry (-1) when /login was reached by
 * a link inside the site, else the home page (the visitor opened /login directly).
 */
export function returnTarget(location: { search: string; state: unknown; key: string }): string | -1 {
  const fromQuery = sameSitePath(new URLSearchParams(location.search).get(RETURN_PARAM));
  if (fromQuery) return fromQuery;
  const fromState = sameSitePath((location.state as { from?: unknown } | null)?.from);
  if (fromState) return fromState;
  // react-router gives the page the site was opened on the key "default"; every navigation after it has its own.
  return location.key === 'default' ? '/' : -1;
}
