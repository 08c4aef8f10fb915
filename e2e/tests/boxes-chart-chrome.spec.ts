import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/site';
import { STANDALONE_PORTS } from '../playwright.config';

// What a buyer sees first: boxes that look like boxes on home, a price chart that says what it
// shows, the market in view on a phone, and a drawer that works at a desktop width.

const FIGURE = '/gallery/style/detail/cloud-bakery-mochi-bunny';

/** The figure's market with two sales, $24.50 then $28.00 (answered in place of the API's). */
async function twoSales(page: Page): Promise<void> {
  await page.route('**/api/market/figures/cloud-bakery-mochi-bunny', (route) =>
    route.fulfill({
      json: {
        figureId: 3,
        listings: [],
        sales: [
          { price: { amountMinor: 2_450, currency: 'USD' }, soldAt: '2026-11-01T12:00:00.000Z' },
          { price: { amountMinor: 2_800, currency: 'USD' }, soldAt: '2026-11-21T12:00:00.000Z' },
        ],
        lastPrice: { amountMinor: 2_800, currency: 'USD' },
        lowestPrice: { amountMinor: 2_450, currency: 'USD' },
        medianPrice: { amountMinor: 2_625, currency: 'USD' },
      },
      headers: { 'cache-control': 'no-store' },
    }),
  );
}

test("home's box cards show each box's packaging, price, what is left and a Buy link", async ({ page }) => {
  await page.goto('/');
  const boxes = page.getByRole('region', { name: 'Boxes on sale' });
  const cards = boxes.getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  const first = cards.first();
  const art = first.getByRole('img', { name: /packaging$/ });
  await art.scrollIntoViewIfNeeded();
  await expect(art).toHaveAttribute('src', /^\/api\/box-models\/\d+\/art\.svg\?v=\d+$/);
  await expect(art).toHaveAttribute('width', '160');
  await expect(art).toHaveAttribute('height', '160');
  await expect.poll(() => art.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(first.locator('.card__price')).toHaveText(/^\$\d+\.\d{2}$/);
  await expect(first).toContainText(/\d[\d,]* left/);
  // The two boxes of one series wear different packaging.
  const sources = await boxes
    .getByRole('img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
  expect(new Set(sources).size).toBe(sources.length);
  const buy = first.getByRole('link', { name: /^Buy / });
  await expect(buy).toHaveText('Buy');
  const href = await buy.getAttribute('href');
  expect(href).toMatch(/^\/mysterybox\/\d+$/);
  await buy.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('img', { name: /packaging$/ })).toBeVisible();
});

test('the price chart names its prices and dates, the last sale, and the median of two sales', async ({
  page,
}) => {
  // In the gallery's own harness, which reads in the browser: the composed site serves this market
  // rendered from the real API, where these two sales are not.
  await twoSales(page);
  await page.goto(`http://localhost:${STANDALONE_PORTS.mf_gallery}${FIGURE}`);
  const market = page.getByRole('region', { name: 'From collectors' });
  const chart = market.locator('figure.gallery-chart');
  await expect(chart).toBeVisible();
  await expect(chart.locator('[data-axis="price"] text')).toHaveText([
    '$22.00',
    '$24.00',
    '$26.00',
    '$28.00',
    '$30.00',
  ]);
  await expect(chart.locator('[data-axis="time"] text')).toHaveText([
    'Nov 1, 2026',
    'Nov 11, 2026',
    'Nov 21, 2026',
  ]);
  await expect(chart).toContainText('Last sale: $28.00 on November 21, 2026');
  await expect(market.getByText('Median of 2 sales (midpoint of the middle two)')).toBeVisible();
  await expect(market.locator('dd').nth(2)).toHaveText('$26.25');
  // A $3.50 change is not drawn from the bottom of the chart to its top.
  const [low, high] = await chart
    .locator('.gallery-chart__dot')
    .evaluateAll((dots) => dots.map((dot) => Number(dot.getAttribute('cy'))));
  expect(low! - high!).toBeGreaterThan(0);
  expect(low! - high!).toBeLessThan(72);
});

test("the market's heading is in the first screen of a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(FIGURE);
  const heading = page.getByRole('heading', { level: 2, name: 'From collectors' });
  await expect(heading).toBeVisible();
  const box = await heading.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  // Nothing scrolled to get there.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the drawer at a desktop width shows every entry with its icon, in view', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  const links = drawer.getByRole('navigation', { name: 'Menu' }).getByRole('link');
  await expect(links).toHaveText(['Home', 'Mystery Box', 'Gallery', 'blog', 'Help Center']);
  for (const link of await links.all()) {
    await expect(link).toBeInViewport();
    await expect(link.locator('svg')).toBeVisible();
  }
  // Its content sits in one column in the middle of the screen, not along the left edge of an empty page.
  const first = await links.first().boundingBox();
  expect(first!.x).toBeGreaterThan(300);
  expect(first!.x + first!.width).toBeLessThan(1140);
  await links.nth(2).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/gallery$/);
});
