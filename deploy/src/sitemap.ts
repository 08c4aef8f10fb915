/**
 * /sitemap.xml and /robots.txt. The sitemap names every public page: the route table's pages
 * without parameters (not the per-visitor ones), every published document, series and figure (the
 * search index, which never holds a draft), every style and every box, asked of the API in this
 * process. URLs are absolute with the site's configured origin.
 */
import type { FastifyInstance } from 'fastify';
import { HOME_ALIASES, SITE_ROUTES, type SiteRoute } from '@arttoy/shared/contracts';
import { MAX_PAGE_SIZE } from '@arttoy/shared/contracts/api';

/** Pages of the route table that are no page for a search engine: one visitor's, a redirect, demos. */
const NOT_LISTED = new Set<SiteRoute['id']>([
  'login',
  'locker',
  'orders',
  'profile',
  'payment-order_pay',
  'blog',
  'pag-demo',
  'skeleton-demo',
]);

async function readJson<T>(app: FastifyInstance, url: string): Promise<T> {
  const answer = await app.inject({ method: 'GET', url });
  if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
  return answer.json() as T;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Every item of a paged list. */
async function readAll<T>(app: FastifyInstance, list: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await readJson<{ items: T[]; totalPages: number }>(
      app,
      `${list}?pageSize=${MAX_PAGE_SIZE}&page=${page}`,
    );
    items.push(...answer.items);
    if (page >= answer.totalPages) return items;
  }
}

/** The site paths the sitemap lists, sorted, each once. */
export async function sitemapPaths(app: FastifyInstance): Promise<string[]> {
  const [search, styles, boxes] = await Promise.all([
    readJson<Array<{ path: string }>>(app, '/api/search.json'),
    readAll<{ slug: string }>(app, '/api/styles'),
    readAll<{ id: number }>(app, '/api/box-models'),
  ]);
  const aliases = new Set<string>(HOME_ALIASES);
  const paths = new Set<string>([
    ...SITE_ROUTES.filter(
      (route) =>
        !route.path.includes(':') &&
        !route.path.includes('*') &&
        !NOT_LISTED.has(route.id) &&
        !aliases.has(route.path),
    ).map((route) => route.path),
    ...search.map((entry) => entry.path),
    ...styles.map((style) => `/gallery/style/${style.slug}`),
    ...boxes.map((box) => `/mysterybox/${box.id}`),
  ]);
  return [...paths].toSorted();
}

export async function sitemapXml(app: FastifyInstance, origin: string): Promise<string> {
  const urls = (await sitemapPaths(app)).map(
    (path) => `<url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  // One visitor's pages are no search result; everything else may be crawled, pictures included.
  return [
    'User-agent: *',
    'Disallow: /locker',
    'Disallow: /orders',
    'Disallow: /profile',
    'Disallow: /payment/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
