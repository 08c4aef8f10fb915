import { expect, test } from '../fixtures/site';

/**
 * A secret figure not yet pulled often enough to be revealed (the rules' SECRET_REVEAL_PULLS): its
 * page is a 404 and no page or search result names it, for a visitor who does not own one.
 */
const SECRET = { name: 'Golden Souffle', path: '/gallery/style/detail/cloud-bakery-golden-souffle' };

test('a hidden secret figure has no page, and its series and box name it nowhere', async ({ page }) => {
  const response = await page.goto(SECRET.path);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  expect(await page.content()).not.toContain(SECRET.name);

  await page.goto('/gallery/series/cloud-bakery');
  const lineup = page.getByRole('region', { name: 'The line-up' });
  await expect(lineup.getByRole('listitem')).toHaveCount(9);
  const secret = lineup.getByRole('listitem').last();
  await expect(secret).toContainText('Secret figure');
  // No link to a page it does not have, and the placeholder picture, not its art.
  await expect(secret.getByRole('link')).toHaveCount(0);
  await expect(secret.getByRole('img')).toHaveAttribute('src', /\/api\/figures\/secret\.svg/);
  expect(await page.content()).not.toContain(SECRET.name);

  await page.goto('/mysterybox/1');
  await expect(page.getByRole('list', { name: 'Figures and their odds' })).toContainText('Secret figure');
  expect(await page.content()).not.toContain(SECRET.name);
});

test('the site search does not find a hidden secret figure by its name', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search' }).click();
  const overlay = page.getByRole('dialog', { name: 'Search' });
  const input = overlay.getByRole('combobox');
  // The index has loaded once a regular figure of the same series is found.
  await input.fill('croissant cub');
  await expect(overlay.getByRole('option').first()).toContainText('FigureCroissant Cub');
  await input.fill('souffle');
  await expect(overlay.getByText('No results for “souffle”. Try fewer or other words.')).toBeVisible();
  await expect(overlay).not.toContainText(SECRET.name);
});
