import { expect, expectSameDocument, markDocument, test } from '../fixtures/site';

test('moving between the shell and the remotes never reloads the document', async ({ page }) => {
  await page.goto('/');
  await markDocument(page);
  const header = page.getByRole('navigation', { name: 'Main' });

  await header.getByRole('link', { name: 'Gallery' }).click();
  await expect(page.locator('[data-owner="mf_gallery"][data-route="gallery"]')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');

  // A link inside the remote drives the shell's one router.
  await page
    .getByRole('region', { name: 'All series' })
    .getByRole('link', { name: /^Cloud Bakery/ })
    .click();
  await expect(page).toHaveURL(/\/gallery\/series\/cloud-bakery$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cloud Bakery');

  await header.getByRole('link', { name: 'Blog' }).click();
  await expect(page.locator('[data-owner="mf_blog"][data-route="blog-list"]')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click();
  await expect(
    page.locator('[data-owner="mf_rules"][data-route="rules-customer_service_center"]'),
  ).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page.locator('[data-route="rules-privacy_policy"]')).toBeVisible();

  await header.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Art toys, drawn fairly.');
  await expect(header.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

  await page.goBack();
  await expect(page.locator('[data-route="rules-privacy_policy"]')).toBeVisible();
  await page.goBack();
  await expect(page.locator('[data-route="rules-customer_service_center"]')).toBeVisible();
  await page.goBack();
  await expect(page.locator('[data-route="blog-list"]')).toBeVisible();
  await page.goBack();
  await expect(page.locator('[data-route="gallery-series-style"]')).toBeVisible();
  await page.goForward();
  await expect(page.locator('[data-route="blog-list"]')).toBeVisible();

  await expectSameDocument(page);
});

test('a deep link into a remote works, and back returns to it', async ({ page }) => {
  await page.goto('/gallery/style/kawaii-pop');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kawaii Pop');
  await markDocument(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Art toys, drawn fairly.');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kawaii Pop');
  await expectSameDocument(page);
});
