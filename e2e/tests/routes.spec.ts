import { HOME_ALIASES, sampleHref, SITE_ROUTES } from '@arttoy/shared/contracts';
import { expect, test } from '../fixtures/site';

const HOME_HEADING = 'Art toys, drawn fairly.';
/**
 * Routes that send this (signed-out) visitor on: the page their owner shows instead. The locker,
 * the orders and the profile go to log in as soon as sign-in state is known, so their own page may
 * show for a moment or not at all.
 */
const REDIRECTS: Readonly<Record<string, string>> = {
  blog: 'blog-list',
  locker: 'login',
  orders: 'login',
  'orders-order_sn': 'login',
  profile: 'login',
};
/** A post page needs an existing post (a sample id is a 404): content.spec.ts covers it. */
const NEEDS_CONTENT = new Set(['slug', 'blog-id']);

test.describe('every route of the spec reaches its owner', () => {
  for (const route of SITE_ROUTES.filter((candidate) => !NEEDS_CONTENT.has(candidate.id))) {
    test(`${route.id} ${route.path} → ${route.owner}`, async ({ page }) => {
      const response = await page.goto(sampleHref(route));
      expect(response?.status()).toBe(200);
      if (route.id === 'index') {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_HEADING);
      } else {
        await expect(
          page.locator(`[data-owner="${route.owner}"][data-route="${REDIRECTS[route.id] ?? route.id}"]`),
        ).toBeVisible();
      }
    });
  }

  test('every home alias, with and without a trailing slash, shows the home page', async ({ page }) => {
    test.setTimeout(120_000);
    for (const alias of HOME_ALIASES) {
      for (const path of [alias, `${alias}/`]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(HOME_HEADING);
      }
    }
  });

  test('route parameters reach the remote', async ({ page }) => {
    await page.goto('/gallery/style/detail/cloud-bakery-croissant-cub');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Croissant Cub');
    const box = await (await page.request.get('/api/box-models/2')).json();
    await page.goto('/mysterybox/2');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(box.name);
  });
});

test.describe('errors', () => {
  test('a path no route matches is a 404 with the error page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.getByText('Page not found: /no/such/page')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('invalid route parameters are the fatal 404 "Page Not Found: {fullPath}"', async ({ page }) => {
    const response = await page.goto('/mysterybox/not-a-number');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.getByText('Page Not Found: /mysterybox/not-a-number')).toBeVisible();
  });
});
