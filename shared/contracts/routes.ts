/**
 * The one URL table of the site: every route of the spec (§2), the home aliases, the paths the
 * drawer links to, and the catch-all, each with the app that owns it. The shell builds its router
 * from this table, each remote builds its `<Routes>` from its own rows, and the site server uses it
 * to answer HTTP 404 for paths no route matches.
 */
import type { AppName, RemoteName } from './remote';

/** Lower-case words joined by `-` or `_`, as every slug of the catalogue and the content is written. */
const SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
/** Box model ids are database ids. */
const NUMERIC_ID = /^[1-9][0-9]{0,17}$/;
/** Order references: `AT` + 16 upper-case letters and digits (the API's orderSnSchema). */
const ORDER_SN = /^AT[0-9A-Z]{16}$/;

/** Marketing-channel entry paths that show the home page (each also with a trailing slash). */
export const HOME_ALIASES = [
  '/1gk4',
  '/creator',
  '/insofficial',
  '/insoutreach',
  '/instoy',
  '/service',
  '/tiktokofficial',
  '/tiktokoutreach',
  '/tiktoktoy',
  '/tiktokmagic',
  '/xofficial',
  '/fb',
  '/td',
  '/wa',
] as const;

export interface SiteRouteDef {
  /** The spec's route name. */
  readonly id: string;
  /** react-router path pattern. */
  readonly path: string;
  readonly owner: AppName;
  /** Patterns each parameter must match; a mismatch is a fatal 404. */
  readonly params?: Readonly<Record<string, RegExp>>;
  /** A path that reaches a real page (the seed catalogue), for QA links and browser tests. */
  readonly sample?: string;
}

export const SITE_ROUTES = [
  { id: 'index', path: '/', owner: 'shell' },
  { id: 'pag-demo', path: '/pag-demo', owner: 'shell' },
  { id: 'skeleton-demo', path: '/skeleton-demo', owner: 'shell' },
  /** The live room: pulls and market sales as they happen (server-sent events from /api/feed). */
  { id: 'live', path: '/live', owner: 'shell' },
  { id: 'blog', path: '/blog', owner: 'mf_blog' },
  { id: 'blog-list', path: '/blog/list', owner: 'mf_blog' },
  { id: 'blog-id', path: '/blog/:id', owner: 'mf_blog', params: { id: SLUG } },
  { id: 'login', path: '/login', owner: 'mf_account' },
  { id: 'locker', path: '/locker', owner: 'mf_account' },
  /** The signed-in visitor's orders, and one order's printable receipt. */
  { id: 'orders', path: '/orders', owner: 'mf_account' },
  { id: 'orders-order_sn', path: '/orders/:order_sn', owner: 'mf_account', params: { order_sn: ORDER_SN } },
  /** The signed-in visitor's profile: name and e-mail, handle, saved payment methods. */
  { id: 'profile', path: '/profile', owner: 'mf_account' },
  { id: 'gallery', path: '/gallery', owner: 'mf_gallery' },
  {
    id: 'gallery-path',
    path: '/gallery/:path',
    owner: 'mf_gallery',
    params: { path: SLUG },
    sample: '/gallery/cloud-bakery',
  },
  {
    id: 'gallery-style-style',
    path: '/gallery/style/:style',
    owner: 'mf_gallery',
    params: { style: SLUG },
    sample: '/gallery/style/kawaii-pop',
  },
  {
    id: 'gallery-series-style',
    path: '/gallery/series/:style',
    owner: 'mf_gallery',
    params: { style: SLUG },
    sample: '/gallery/series/cloud-bakery',
  },
  {
    id: 'gallery-style-detail-detail',
    path: '/gallery/style/detail/:detail',
    owner: 'mf_gallery',
    params: { detail: SLUG },
    sample: '/gallery/style/detail/cloud-bakery-croissant-cub',
  },
  { id: 'mysterybox', path: '/mysterybox', owner: 'mf_mysterybox' },
  { id: 'mysterybox-test', path: '/mysterybox/test', owner: 'mf_mysterybox' },
  {
    id: 'mysterybox-model_id',
    path: '/mysterybox/:model_id',
    owner: 'mf_mysterybox',
    params: { model_id: NUMERIC_ID },
  },
  { id: 'payment-order_pay', path: '/payment/order_pay', owner: 'mf_mysterybox' },
  { id: 'rules-authenticity', path: '/rules/authenticity', owner: 'mf_rules' },
  { id: 'rules-privacy_policy', path: '/rules/privacy_policy', owner: 'mf_rules' },
  { id: 'rules-terms_of_service', path: '/rules/terms_of_service', owner: 'mf_rules' },
  { id: 'rules-shipping_and_refund', path: '/rules/shipping_and_refund', owner: 'mf_rules' },
  { id: 'rules-customer_service_center', path: '/rules/customer_service_center', owner: 'mf_rules' },
  { id: 'help', path: '/help', owner: 'mf_rules' },
  /** Catch-all, any depth: a content page when a document exists for the path, else 404. */
  { id: 'slug', path: '/*', owner: 'shell' },
] as const satisfies readonly SiteRouteDef[];

export type SiteRoute = (typeof SITE_ROUTES)[number];
export type SiteRouteId = SiteRoute['id'];
/** The ids of the routes one app owns. */
export type RouteIdOf<A extends AppName> = Extract<SiteRoute, { owner: A }>['id'];

/** The URL prefix each remote owns (its react-router basename). */
export const REMOTE_BASENAMES: Readonly<Record<RemoteName, string>> = {
  mf_gallery: '/gallery',
  mf_blog: '/blog',
  mf_mysterybox: '/',
  mf_account: '/',
  mf_rules: '/',
};

/** The routes an app owns, in table order. */
export function routesOf<A extends AppName>(owner: A): Array<Extract<SiteRoute, { owner: A }>> {
  return SITE_ROUTES.filter((route): route is Extract<SiteRoute, { owner: A }> => route.owner === owner);
}

/** A route's path relative to its owner's basename, for the remote's own `<Routes>`. */
export function relativeRoutePath(path: string, basename: string): string {
  const prefix = basename === '/' ? '' : basename;
  if (!path.startsWith(prefix)) {
    throw new Error(
      `Route ${path} lies outside its owner's basename ${basename}: fix SITE_ROUTES or REMOTE_BASENAMES.`,
    );
  }
  return path.slice(prefix.length).replace(/^\//, '');
}

/** True when every parameter with a pattern matches it. */
export function paramsAreValid(
  route: SiteRouteDef,
  params: Readonly<Record<string, string | undefined>>,
): boolean {
  return Object.entries(route.params ?? {}).every(([name, pattern]) => pattern.test(params[name] ?? ''));
}

/** A path that reaches a route pattern, with sample parameters that pass its validation (QA pages, tests). */
export function samplePath(path: string): string {
  return path.replace(/:([a-z_]+)/g, (_match, param: string) => {
    if (param.endsWith('_id')) return '1';
    if (param.endsWith('_sn')) return 'AT0000000000000001';
    return `sample-${param.replace(/_/g, '-')}`;
  });
}

/** A path that reaches the route: its real sample when it has one, else sample parameters that pass its validation. */
export function sampleHref(route: SiteRouteDef): string {
  return route.sample ?? samplePath(route.path);
}

/** The route that owns a section of the header (Home, Gallery, Blog). */
export const HEADER_LINKS = [
  { label: 'Home', to: '/', section: '/' },
  { label: 'Gallery', to: '/gallery', section: '/gallery' },
  { label: 'Blog', to: '/blog/list', section: '/blog' },
] as const;
