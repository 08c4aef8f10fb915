import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures/site';

/** Paths that name nothing: no route, a content path without a document, a catalogue slug or id nobody has, a post that does not exist. */
const MISSING = [
  '/nope',
  '/no/such/page',
  '/gallery/style/detail/nope',
  '/gallery/style/no-such-style',
  '/gallery/nothing-here',
  '/blog/nope',
  '/mysterybox/99999',
];

/** A page as a visitor without JavaScript (a crawler, a link preview) gets it. */
async function withoutScripts<T>(browser: Browser, task: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    return await task(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe('without JavaScript', () => {
  for (const path of MISSING) {
    test(`${path} is the rendered 404 page, status 404, in the site's chrome with its way out`, async ({
      browser,
    }) => {
      await withoutScripts(browser, async (page) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
        await expect(page.getByText(`Page not found: ${path}`)).toBeVisible();
        await expect(page).toHaveTitle('Page Not Found · ArtToy Club');
        const banner = page.getByRole('banner');
        await expect(banner.getByRole('link', { name: 'Gallery' })).toHaveAttribute('href', '/gallery');
        await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' })).toBeVisible();
        const main = page.getByRole('main');
        await expect(main.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
        await expect(main.getByRole('link', { name: 'Browse the gallery' })).toHaveAttribute(
          'href',
          '/gallery',
        );
        await expect(main.getByRole('link', { name: 'Visit the help center' })).toHaveAttribute(
          'href',
          '/help',
        );
        // Its links work without a script.
        await main.getByRole('link', { name: 'Browse the gallery' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gallery');
      });
    });
  }

  test('invalid route parameters are the rendered fatal 404 "Page Not Found: {fullPath}"', async ({
    browser,
  }) => {
    await withoutScripts(browser, async (page) => {
      expect((await page.goto('/mysterybox/not-a-number'))?.status()).toBe(404);
      await expect(page.getByText('Page Not Found: /mysterybox/not-a-number')).toBeVisible();
    });
  });

  test('the header has its Log In link, a real link to /login', async ({ browser }) => {
    await withoutScripts(browser, async (page) => {
      for (const path of ['/', '/gallery', '/nope']) {
        await page.goto(path);
        const login = page.getByRole('banner').getByRole('link', { name: 'Log In/Sign Up' });
        await expect(login, path).toBeVisible();
        await expect(login, path).toHaveAttribute('href', '/login');
      }
      await page.getByRole('banner').getByRole('link', { name: 'Log In/Sign Up' }).click();
      await expect(page).toHaveURL(/\/login$/);
    });
  });

  test('the live room shows its latest events, not a connection waiting for a script', async ({
    browser,
  }) => {
    await withoutScripts(browser, async (page) => {
      await page.goto('/live');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Live room');
      await expect(page.getByRole('status')).toHaveText('Latest events');
      await expect(page.getByText('Connecting…')).toHaveCount(0);
      // The payload carries the latest events the page shows.
      const payload = JSON.parse((await page.locator('#page-payload').textContent()) ?? '{}') as {
        data?: Record<string, { items?: unknown[] }>;
      };
      const events = payload.data?.['/api/feed/recent']?.items ?? [];
      await expect(page.locator('.live-feed__item')).toHaveCount(events.length);
    });
  });
});

test.describe('with JavaScript', () => {
  test('a 404 page hydrates in place: its served heading never leaves, and nothing mismatches', async ({
    page,
  }) => {
    const complaints: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|#418|#423|#425|did not match/i.test(message.text()))
        complaints.push(message.text());
    });
    // Whether the served heading is ever taken out of the page (a flash of another state).
    await page.addInitScript(() => {
      const seen = { served: false, removed: false };
      (window as Window & { __errorHeading?: typeof seen }).__errorHeading = seen;
      new MutationObserver(() => {
        const heading = document.getElementById('error-heading');
        if (heading) seen.served = true;
        else if (seen.served) seen.removed = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const response = await page.goto('/gallery/style/detail/nope');
    expect(response?.status()).toBe(404);
    await expect(page.locator('#root')).toHaveAttribute('data-shell-ready', '');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    expect(
      await page.evaluate(() => (window as Window & { __errorHeading?: object }).__errorHeading),
    ).toEqual({ served: true, removed: false });
    expect(complaints).toEqual([]);
    // The page is live: its links navigate in the page, to a page that shows.
    await page.getByRole('main').getByRole('link', { name: 'Browse the gallery' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gallery');
  });
});
