/** @jest-environment node */
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import nodePath from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_START_TIMEOUT_MS, apiPlugin } from '@arttoy/api';
import { robotsTxt, sitemapPaths, sitemapXml } from './sitemap';

const REPO = nodePath.resolve(__dirname, '../..');
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ pluginTimeout: API_START_TIMEOUT_MS });
  await app.register(apiPlugin, { prefix: '/api', databaseUrl: 'memory:' });
  await app.ready();
}, 60_000);
afterAll(() => app.close());

describe('the sitemap', () => {
  it('lists the public pages, every published post, series, figure, style and box, and no draft or per-visitor page', async () => {
    const paths = await sitemapPaths(app);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/gallery',
        '/blog/list',
        '/mysterybox',
        '/mysterybox/test',
        '/help',
        '/rules/authenticity',
        '/about',
      ]),
    );
    const posts = (
      await app.inject({ method: 'GET', url: '/api/content/documents?dir=blog&pageSize=100' })
    ).json() as { items: Array<{ _path: string }> };
    for (const post of posts.items) expect(paths).toContain(post._path);
    const figures = (await app.inject({ method: 'GET', url: '/api/figures?pageSize=100' })).json() as {
      items: Array<{ slug: string; hidden?: boolean }>;
    };
    // Every figure with a page: a secret not yet revealed has none, and its slug names it.
    const shown = figures.items.filter((figure) => !figure.hidden);
    expect(shown.length).toBeLessThan(figures.items.length);
    expect(paths.filter((path) => path.startsWith('/gallery/style/detail/'))).toEqual(
      shown.map((figure) => `/gallery/style/detail/${figure.slug}`).toSorted(),
    );
    expect(paths.join('\n')).not.toContain('golden-souffle');
    expect(paths).toContain('/mysterybox/1');
    expect(paths).toContain('/gallery/series/moonlit-forest');
    for (const hidden of [
      '/locker',
      '/orders',
      '/profile',
      '/login',
      '/payment/order_pay',
      '/blog',
      '/pag-demo',
      '/creator',
    ])
      expect(paths).not.toContain(hidden);
    expect(paths).toEqual([...new Set(paths)].toSorted());
    // The content has drafts (front matter `draft: true`): none is listed.
    const blog = nodePath.join(REPO, 'content/blog');
    const drafts = (await fs.readdir(blog)).filter((file) =>
      /^draft: true$/m.test(readFileSync(nodePath.join(blog, file), 'utf8')),
    );
    expect(drafts.length).toBeGreaterThan(0);
    for (const draft of drafts) expect(paths).not.toContain(`/blog/${draft.replace(/\.md$/, '')}`);
  });

  it("writes absolute URLs with the site's origin", async () => {
    const xml = await sitemapXml(app, 'https://arttoy.example');
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml).toContain('<url><loc>https://arttoy.example/gallery/series/moonlit-forest</loc></url>');
    expect(robotsTxt('https://arttoy.example')).toContain('Sitemap: https://arttoy.example/sitemap.xml');
    expect(robotsTxt('https://arttoy.example')).toContain('Disallow: /orders\nDisallow: /profile\n');
  });
});
