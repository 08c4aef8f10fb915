/**
 * The API read each page makes first, so the document can preload it: the answer then arrives
 * while the page's code is still loading, instead of one round trip after it has run. Each URL must
 * be exactly the one the page asks for (same path, same query order and encoding), or the browser
 * fetches twice; e2e/tests/preload.spec.ts checks on the measured pages that every preload is used.
 */
import { matchPath } from 'react-router';
import type { SiteRoute } from '@arttoy/shared/contracts';
import { DEFAULT_CONTENT_LOCALE } from '@arttoy/shared/contracts/api';
import type { RouteResolution } from './route-status';

const API = '/api';

/** `fetchContentDocument` in @arttoy/shared/content (ofetch writes the query in this order). */
const contentDocument = (path: string) => `${API}/content/document?path=${encodeURIComponent(path)}&locale=${DEFAULT_CONTENT_LOCALE}`;

const FIRST_READS: Partial<Record<SiteRoute['id'], (params: Record<string, string>, route: SiteRoute) => string[]>> = {
  // mf-blog's post page.
  'blog-id': ({ id = '' }) => [contentDocument(`/blog/${id}`)],
  // mf-gallery's catalogue reads (mf-gallery/src/api/catalogue.ts).
  'gallery-series-style': ({ style = '' }) => [`${API}/series/${encodeURIComponent(style)}`],
  'gallery-style-detail-detail': ({ detail = '' }) => [`${API}/figures/${encodeURIComponent(detail)}`],
  // mf-mysterybox's box page (mf-mysterybox/src/api/catalogue.ts).
  'mysterybox-model_id': ({ model_id = '' }) => [`${API}/box-models/${Number(model_id)}`],
  // mf-rules: each page's own document.
  'rules-authenticity': (_params, route) => [contentDocument(route.path)],
  'rules-privacy_policy': (_params, route) => [contentDocument(route.path)],
  'rules-terms_of_service': (_params, route) => [contentDocument(route.path)],
  'rules-shipping_and_refund': (_params, route) => [contentDocument(route.path)],
  'rules-customer_service_center': (_params, route) => [contentDocument(route.path)],
  help: (_params, route) => [contentDocument(route.path)],
};

/**
 * The URLs to preload for a page that will render (status 200). None in preview mode: the page then
 * asks for drafts too, with another query.
 */
export function firstReads(resolution: RouteResolution, url: URL): string[] {
  const { route } = resolution;
  const reads = resolution.status === 200 && route ? FIRST_READS[route.id] : undefined;
  if (!reads || !route || url.searchParams.get('preview') === 'true') return [];
  const match = matchPath(route.path, url.pathname.replace(/\/+$/, '') || '/');
  if (!match) return [];
  const params = Object.fromEntries(Object.entries(match.params).map(([name, value]) => [name, value ?? '']));
  return reads(params, route);
}
