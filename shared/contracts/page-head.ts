/**
 * How a page's head reads, for the site server's document (deploy/src/page-head.ts) and the
 * browser's (shared/federation/document-head.ts) alike, so a page's title after a client navigation
 * is the one its served document carries.
 */
import type { PageHead } from './server-render';

/** The site's name, after every page's own title, and the whole title of a page that declares none. */
export const SITE_NAME = 'ArtToy Club';

/** The description of a page that gives none (the shell's index.html says the same). */
export const SITE_DESCRIPTION =
  'Art toys by style and series, mystery boxes drawn fairly, and a locker for what you own.';

/** The document's title for a page head: "<page> · ArtToy Club", the site's name alone for none. */
export function documentTitle(head: Pick<PageHead, 'title'> | null): string {
  return head ? `${head.title} · ${SITE_NAME}` : SITE_NAME;
}

/** The document's description for a page head: its own, else the site's. */
export function documentDescription(head: Pick<PageHead, 'description'> | null): string {
  return head?.description?.trim() || SITE_DESCRIPTION;
}

/** An origin-relative URL made absolute with the site's origin; absolute ones (and anything else) as they are. */
export function absoluteUrl(value: string, origin: string): string {
  return value.startsWith('/') && !value.startsWith('//') ? `${origin}${value}` : value;
}

/** The page's canonical path: no trailing slash, no preview switch, the rest of the query kept (a list's page and tag). */
export function canonicalPath(url: { pathname: string; search: string }): string {
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const query = new URLSearchParams(url.search);
  query.delete('preview');
  const search = query.toString();
  return `${pathname}${search ? `?${search}` : ''}`;
}
