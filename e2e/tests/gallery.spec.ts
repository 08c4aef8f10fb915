import { expectNoSeriousViolations } from '../fixtures/axe';
import type { Page } from '@playwright/test';
import { STANDALONE_PORTS } from '../playwright.config';
import { expect, expectSameDocument, markDocument, openInPage, test } from '../fixtures/site';

/** From the landing: style → series → figure → the box's page in the mystery box app, by clicks only. */
async function walkToABox(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gallery');
  await page
    .getByRole('region', { name: 'Styles' })
    .getByRole('link', { name: /^Kawaii Pop/ })
    .click();
  await expect(page).toHaveURL(/\/gallery\/style\/kawaii-pop$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kawaii Pop');

  await page
    .getByRole('region', { name: 'Series in Kawaii Pop' })
    .getByRole('link', { name: /^Cloud Bakery/ })
    .click();
  await expect(page).toHaveURL(/\/gallery\/series\/cloud-bakery$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cloud Bakery');
  const lineup = page.getByRole('region', { name: 'The line-up' });
  await expect(lineup.getByRole('listitem')).toHaveCount(9);
  // The secret, hidden until revealed, and its published odds in the standard box: 6 944 ppm.
  await expect(lineup.getByRole('listitem').last()).toContainText('Secret figure');
  await expect(lineup.getByRole('listitem').last()).toContainText('0.7%');

  await lineup.getByRole('link', { name: 'Croissant Cub' }).click();
  await expect(page).toHaveURL(/\/gallery\/style\/detail\/cloud-bakery-croissant-cub$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Croissant Cub');
  const buy = page.getByRole('region', { name: 'Buy a box of this series' });
  const link = buy.getByRole('link', { name: 'Buy a box: Cloud Bakery Blind Box' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/mysterybox\/\d+$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
}

test.describe('the gallery in the composed site', () => {
  test('walks from the landing to a box page without reloading the document', async ({ page }) => {
    await page.goto('/');
    await markDocument(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
    await walkToABox(page);
    await expectSameDocument(page);
  });

  test('keeps the landing page number in the URL, reloadable', async ({ page }) => {
    await page.goto('/gallery');
    const all = page.getByRole('region', { name: 'All series' });
    await all.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/gallery\?page=2$/);
    await expect(all.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'All series' }).getByRole('link', { name: 'Page 2' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('sorts and filters a style from the URL, and says what it ignored', async ({ page }) => {
    await page.goto('/gallery/style/kawaii-pop?sort=name&rarity=secret');
    const figures = page.getByRole('region', { name: 'Figures' });
    await expect(figures.getByText('2 figures')).toBeVisible();
    await expect(figures.getByLabel('Sort by')).toHaveValue('name');
    await figures.getByLabel('Rarity').selectOption('');
    await expect(page).toHaveURL(/\/gallery\/style\/kawaii-pop\?sort=name$/);
    await expect(figures.getByText('16 figures')).toBeVisible();

    await page.goto('/gallery/style/kawaii-pop?sort=price');
    await expect(page.getByText('There is no sort called “price”; showing line-up order.')).toBeVisible();
  });

  test("reads a figure's page ahead (its payload) when its card is pointed at", async ({ page }) => {
    await page.goto('/gallery/style/kawaii-pop');
    const card = page.getByRole('region', { name: 'Figures' }).getByRole('link', { name: /^Macaron Mouse/ });
    const read = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === '/gallery/style/detail/cloud-bakery-macaron-mouse/_payload.json',
    );
    await card.hover();
    await read;
  });

  test('sizes its images and loads those below the fold lazily', async ({ page }) => {
    await page.goto('/gallery/series/cloud-bakery');
    await expect(page.getByRole('region', { name: 'The line-up' }).getByRole('img')).toHaveCount(9);
    const images = await page.locator('main img').evaluateAll((nodes) =>
      (nodes as HTMLImageElement[]).map((image) => ({
        alt: image.alt,
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
        loading: image.loading,
      })),
    );
    expect(images.every((image) => image.alt !== '' && image.width === '240' && image.height === '240')).toBe(
      true,
    );
    expect(images.at(-1)?.loading).toBe('lazy');
  });

  for (const path of [
    '/gallery/style/no-such-style',
    '/gallery/series/no-such-series',
    '/gallery/style/detail/no-such-figure',
    '/gallery/nothing-here',
  ]) {
    test(`answers ${path}, which names nothing, with the 404 page and status`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
      await expect(page.getByText(`Page not found: ${path}`)).toBeVisible();
    });
  }

  // Valid pages, /gallery/{path} naming a series and a figure among them: every request answers,
  // whether the server rendered the page (full load) or the browser did (a navigation inside it).
  const VALID_PAGES = [
    ['/gallery', 'Gallery'],
    ['/gallery/style/kawaii-pop', 'Kawaii Pop'],
    ['/gallery/series/cloud-bakery', 'Cloud Bakery'],
    ['/gallery/style/detail/cloud-bakery-croissant-cub', 'Croissant Cub'],
    ['/gallery/cloud-bakery', 'Cloud Bakery'],
    ['/gallery/cloud-bakery-croissant-cub', 'Croissant Cub'],
  ] as const;
  for (const [opened, how] of [
    [(page: Page, path: string) => page.goto(path), 'loaded'],
    [(page: Page, path: string) => openInPage(page, path), 'navigated to'],
  ] as const) {
    test(`valid gallery pages ${how} ask for nothing that answers an error, and log none`, async ({
      page,
      baseURL,
    }) => {
      const site = new URL(baseURL ?? '').origin;
      const failed: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400 && new URL(response.url()).origin === site)
          failed.push(`${response.status()} ${response.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error' && /status of [45]\d\d/.test(message.text()))
          failed.push(`console: ${message.text()} ${message.location().url}`);
      });
      for (const [path, heading] of VALID_PAGES) {
        await opened(page, path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(page.locator('.ui-skeleton')).toHaveCount(0);
        expect(failed, path).toEqual([]);
      }
    });
  }

  test('shows the gallery again after a 404 when the visitor moves on', async ({ page }) => {
    await page.goto('/gallery/style/no-such-style');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gallery');
  });

  test('fits a 375 px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of [
      '/gallery',
      '/gallery/style/kawaii-pop',
      '/gallery/series/cloud-bakery',
      '/gallery/style/detail/cloud-bakery-croissant-cub',
    ]) {
      await page.goto(path);
      await expect(page.locator('[data-owner="mf_gallery"] h1')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
  });

  for (const [path, heading] of [
    ['/gallery', 'Gallery'],
    ['/gallery/style/kawaii-pop', 'Kawaii Pop'],
    ['/gallery/series/cloud-bakery', 'Cloud Bakery'],
    ['/gallery/style/detail/cloud-bakery-croissant-cub', 'Croissant Cub'],
    ['/gallery/night-market', 'Night Market'],
  ] as const) {
    test(`no serious axe violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      // Scanned once everything has loaded: no skeleton left.
      await expect(page.locator('.ui-skeleton')).toHaveCount(0);
      await expectNoSeriousViolations(page);
    });
  }
});

test('the gallery walks to a box page in its standalone harness, against the API', async ({ page }) => {
  await page.goto(`http://localhost:${STANDALONE_PORTS.mf_gallery}/gallery`);
  await walkToABox(page);
});
