import type { Page } from '@playwright/test';
import { HOME_ALIASES, sampleHref, SITE_ROUTES } from '@arttoy/shared/contracts';
import { expect, openInPage, test, waitForLive } from '../fixtures/site';

/**
 * Every page's title is declared one way (usePageHead), and the served document's head comes from
 * the same declaration: after a client navigation the document's title is the one a fresh load of
 * the same URL is served with, and a page never keeps the previous page's title.
 */

const HOME_TITLE = 'ArtToy Club';
/** Pages that need a document that exists (a sample slug is a 404). */
const CONTENT_SAMPLES: Readonly<Record<string, string>> = {
  slug: '/about',
  'blog-id': '/blog/how-our-draws-are-fair',
};

function decodeText(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The <title> of the document the site serves for `path` (as a crawler or a link preview reads it). */
async function servedTitle(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path);
  const title = /<title>([^<]*)<\/title>/.exec(await response.text())?.[1];
  expect(title, `served title of ${path}`).toBeDefined();
  return decodeText(title ?? '');
}

/** Routes that send this (signed-out) visitor on (as routes.spec.ts lists them): where they end. */
const SENT_ON: Readonly<Record<string, RegExp>> = {
  blog: /\/blog\/list$/,
  locker: /\/login\?/,
  orders: /\/login\?/,
  'orders-order_sn': /\/login\?/,
  profile: /\/login\?/,
};

const routes = SITE_ROUTES.map((route) => ({
  id: route.id,
  path: CONTENT_SAMPLES[route.id] ?? sampleHref(route),
}));

test('home keeps its own title after a series page and back', async ({ page }) => {
  await page.goto('/');
  await waitForLive(page);
  await expect(page).toHaveTitle(HOME_TITLE);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
  await page
    .getByRole('region', { name: 'All series' })
    .getByRole('link', { name: /^Cloud Bakery/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cloud Bakery');
  await expect(page).toHaveTitle('Cloud Bakery · ArtToy Club');
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Art toys, drawn fairly.');
  await expect(page).toHaveTitle(HOME_TITLE);
  expect(await servedTitle(page, '/')).toBe(HOME_TITLE);
});

test("/login has the login page's title, also after the locker", async ({ page }) => {
  // Signed out, the locker sends the visitor to log in: the locker's title must not stay.
  await page.goto('/locker');
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in or sign up');
  await expect(page).toHaveTitle('Log in or sign up · ArtToy Club');
  await page.goto('/login');
  await expect(page).toHaveTitle('Log in or sign up · ArtToy Club');
  expect(await servedTitle(page, '/login')).toBe('Log in or sign up · ArtToy Club');
  expect(await servedTitle(page, '/locker')).toBe('Your locker · ArtToy Club');
});

/** The pages that show the Cloud Bakery series, the page these navigations start from. */
const CLOUD_BAKERY_PAGES = new Set(['/gallery/series/cloud-bakery', '/gallery/cloud-bakery']);

test.describe("after a client navigation every page's title is its served document's", () => {
  for (const { id, path } of routes) {
    test(`${id} ${path}`, async ({ page }) => {
      // From a page with a title of its own, so a title kept from it would show.
      await openInPage(page, path, '/gallery/series/cloud-bakery');
      if (SENT_ON[id]) await expect(page).toHaveURL(SENT_ON[id]);
      await expect(page.locator('.remote-outlet[aria-busy="true"]')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // A page that sent the visitor on: the title is the page they were sent to.
      const url = new URL(page.url());
      const shown = `${url.pathname}${url.search}`;
      const served = await servedTitle(page, shown);
      await expect(page, shown).toHaveTitle(served);
      expect(served, shown).toMatch(/(^| · )ArtToy Club$/);
      // Except where the page shown is that series too (/gallery/cloud-bakery names it).
      if (!CLOUD_BAKERY_PAGES.has(shown)) expect(served, shown).not.toBe('Cloud Bakery · ArtToy Club');
    });
  }

  test('every home alias has the home title', async ({ page }) => {
    test.setTimeout(120_000);
    for (const alias of HOME_ALIASES) {
      await openInPage(page, alias, '/gallery/series/cloud-bakery');
      await expect(page.getByRole('heading', { level: 1 }), alias).toHaveText('Art toys, drawn fairly.');
      await expect(page, alias).toHaveTitle(HOME_TITLE);
      expect(await servedTitle(page, alias), alias).toBe(HOME_TITLE);
    }
  });
});

test('an error page has its own title, and the next page its own again', async ({ page }) => {
  await openInPage(page, '/no/such/page', '/gallery/series/cloud-bakery');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page).toHaveTitle('Page Not Found · ArtToy Club');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cloud Bakery');
  await expect(page).toHaveTitle('Cloud Bakery · ArtToy Club');
});

test("the description and link-preview texts follow the page's title", async ({ page }) => {
  await openInPage(page, '/login', '/gallery/series/cloud-bakery');
  await expect(page).toHaveTitle('Log in or sign up · ArtToy Club');
  const head = await page.evaluate(() => ({
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
  }));
  const served = await (await page.request.get('/login')).text();
  expect(head.description).toBe(
    decodeText(/<meta name="description" content="([^"]*)"/.exec(served)?.[1] ?? 'missing'),
  );
  expect(head.ogTitle).toBe('Log in or sign up');
  expect(head.canonical).toBe(/<link rel="canonical" href="([^"]*)"/.exec(served)?.[1]);
});
