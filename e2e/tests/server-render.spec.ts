import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures/site';

/** Public pages of the seeded site, one per kind of route, each server-rendered with its data. */
const PAGES = [
  '/',
  '/creator',
  '/gallery',
  '/gallery/style/kawaii-pop',
  '/gallery/series/moonlit-forest',
  '/gallery/style/detail/moonlit-forest-moth-lantern',
  '/gallery/night-market',
  '/blog/list',
  '/blog/list?tag=spotlight',
  '/blog/how-our-draws-are-fair',
  '/mysterybox',
  '/mysterybox/1',
  '/mysterybox/test',
  '/login',
  '/rules/authenticity',
  '/rules/privacy_policy',
  '/rules/terms_of_service',
  '/rules/shipping_and_refund',
  '/rules/customer_service_center',
  '/help',
  '/about',
  '/pag-demo',
  '/skeleton-demo',
];

/** The page as the server sent it, read by a browser that runs no script. */
async function served(
  browser: Browser,
  path: string,
): Promise<{ heading: string; text: string; loading: number; payloadUrls: string[] }> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(200);
    const payload = await page.locator('#page-payload').textContent();
    return {
      heading: (await page.locator('main h1').first().textContent())?.trim() ?? '',
      text: (await page.locator('main').innerText()).trim(),
      // Loading placeholders (the shared Skeleton) in the page's content: a figure's market included.
      loading: await page.locator('main [role="status"][aria-label^="Loading"]').count(),
      payloadUrls: Object.keys((JSON.parse(payload ?? '{}') as { data?: object }).data ?? {}),
    };
  } finally {
    await context.close();
  }
}

/** Loads the page with its scripts; returns the API reads it made and any hydration complaint. */
async function hydrated(page: Page, path: string): Promise<{ reads: string[]; complaints: string[] }> {
  const reads: string[] = [];
  const complaints: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // Pictures are files; the question is whether data given in the document is asked for again.
    if (url.pathname.startsWith('/api/') && !url.pathname.endsWith('.svg'))
      reads.push(`${url.pathname}${url.search}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#418|#423|#425|did not match/i.test(message.text()))
      complaints.push(message.text());
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return { reads, complaints };
}

test.describe('server-rendered pages', () => {
  for (const path of PAGES) {
    test(`${path}: the document holds the page, which hydrates without a mismatch and reads none of its data again`, async ({
      browser,
      page,
    }) => {
      const before = await served(browser, path);
      expect(before.heading, 'the served page has its heading').not.toBe('');
      // The skeleton demo's content is loading placeholders; every other page is whole.
      if (path !== '/skeleton-demo')
        expect(before.loading, 'the served page has its content, not a loading state').toBe(0);
      expect(before.text.length).toBeGreaterThan(before.heading.length + 20);

      const { reads, complaints } = await hydrated(page, path);
      expect(complaints).toEqual([]);
      await expect(page.locator('main h1').first()).toHaveText(before.heading);
      for (const url of before.payloadUrls) expect(reads, `${url} was in the document`).not.toContain(url);
    });
  }

  test('a page shows its content and its links work with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/gallery/series/moonlit-forest');
      await expect(page.locator('main h1')).toHaveText('Moonlit Forest');
      await page.getByRole('link', { name: 'Moth Lantern' }).first().click();
      await expect(page).toHaveURL(/\/gallery\/style\/detail\/moonlit-forest-moth-lantern$/);
      await expect(page.locator('main h1')).toHaveText('Moth Lantern');
      await page.goto('/blog/list');
      // A post's link (not the list's own tag and page links).
      const post = page
        .locator('main a[href^="/blog/"]:not([href^="/blog/list"])')
        .filter({ hasText: /\w/ })
        .first();
      const title = (await post.textContent())?.trim() ?? '';
      await post.click();
      await expect(page.locator('main h1')).toHaveText(title);
    } finally {
      await context.close();
    }
  });

  test("one visitor's pages go out without anyone's data, to render in the browser", async ({ request }) => {
    for (const path of [
      '/locker',
      '/orders',
      '/orders/AT7K2M9Q4X1B8C3D5E',
      '/profile',
      '/payment/order_pay?order=1',
    ]) {
      const html = await (await request.get(path)).text();
      expect(html).toContain('data-status="loading"');
      expect(html).not.toContain('id="page-payload">{"path":"/locker","remote":"mf_account"');
      expect(/"data":\{([^}]*)\}/.exec(html)?.[1] ?? '').toBe('');
    }
  });

  test('a page paints from its document alone: its stylesheets are inline, and its code asks for none of them again', async ({
    page,
  }) => {
    // File names of the stylesheets asked for (another app's, prefetched with its code, may be among them).
    const requested: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.css')) requested.push(pathname.replace(/^.*\//, ''));
    });
    for (const path of [
      '/',
      '/gallery/style/detail/moonlit-forest-moth-lantern',
      '/blog/how-our-draws-are-fair',
      '/rules/authenticity',
    ]) {
      // The previous page is left first: its link prefetcher, starting late on a busy machine, could
      // ask for another app's stylesheet after the list is cleared, counted against this page.
      await page.goto('about:blank');
      requested.length = 0;
      await page.goto(path);
      await expect(page.locator('#root[data-shell-ready]')).toBeAttached();
      const inline = await page
        .locator('head style[data-href$=".css"]')
        .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-href')));
      expect(inline.length, path).toBeGreaterThan(0);
      // Styled before any script: the header's layout comes from the inline shell stylesheet.
      expect(
        await page
          .locator('header')
          .first()
          .evaluate((element) => getComputedStyle(element).display),
      ).not.toBe('inline');
      await page.waitForLoadState('networkidle');
      expect(
        requested.filter((name) => inline.includes(name)),
        path,
      ).toEqual([]);
    }
  });

  test('the API is not asked twice for data the document gave the page, across a navigation back to it', async ({
    page,
  }) => {
    const { reads } = await hydrated(page, '/gallery/series/moonlit-forest');
    // Only the live market figures are read after the document, by design: they change by the second.
    expect(reads.filter((url) => !url.startsWith('/api/market/'))).toEqual([]);
    const payloads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/_payload.json'))
        payloads.push(new URL(request.url()).pathname);
    });
    await page.getByRole('link', { name: 'Moth Lantern' }).first().click();
    await expect(page.locator('main h1')).toHaveText('Moth Lantern');
    // A navigation is the browser's: it reads what the new page needs (its payload, read ahead on the link's hover).
    expect([...reads, ...payloads]).toContain(
      '/gallery/style/detail/moonlit-forest-moth-lantern/_payload.json',
    );
  });

  test('each page tells search engines and link previews what it is: title, description, canonical URL, picture and schema.org data', async ({
    request,
  }) => {
    const box = await (await request.get('/mysterybox/1')).text();
    expect(box).toMatch(/<title>Cloud Bakery Blind Box · ArtToy Club<\/title>/);
    expect(box).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/mysterybox\/1">/);
    expect(box).toMatch(
      /<meta property="og:image" content="http:\/\/localhost:\d+\/api\/box-models\/1\/art\.svg[^"]*">/,
    );
    const things = [...box.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) =>
      JSON.parse(match[1]!),
    );
    const product = things.find((thing) => thing['@type'] === 'Product');
    expect(product).toMatchObject({
      name: 'Cloud Bakery Blind Box',
      offers: {
        '@type': 'Offer',
        priceCurrency: 'USD',
        availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/),
      },
    });
    expect(product.offers.price).toMatch(/^\d+\.\d{2}$/);

    const figure = await (await request.get('/gallery/style/detail/moonlit-forest-moth-lantern')).text();
    const figureThings = [...figure.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!),
    );
    expect(figureThings.map((thing) => thing['@type']).toSorted()).toEqual(['BreadcrumbList', 'Product']);
    expect(figure).toMatch(/<meta name="description" content="[^"]+">/);

    const post = await (await request.get('/blog/how-our-draws-are-fair')).text();
    expect(post).toContain('<meta property="og:type" content="article">');
    expect(
      [...post.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
        (match) => JSON.parse(match[1]!)['@type'],
      ),
    ).toEqual(['Article']);
  });

  test('robots.txt names the sitemap, which lists the published pages and no draft', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    const sitemapUrl = /^Sitemap: (.+)$/m.exec(robots)?.[1];
    expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(locs).toEqual(
      expect.arrayContaining([
        '/',
        '/gallery/series/moonlit-forest',
        '/gallery/style/detail/moonlit-forest-moth-lantern',
        '/blog/how-our-draws-are-fair',
        '/mysterybox/1',
      ]),
    );
    expect(locs).not.toContain('/blog/skate-spirits-second-wave');
    expect(locs).not.toContain('/locker');
  });
});
