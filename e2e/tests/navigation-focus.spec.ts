import { expect, test } from '../fixtures/site';

const announcer = '#route-announcer';

test.describe('focus and announcements after navigation', () => {
  test('the first page keeps the browser’s focus; a client navigation focuses the new heading and says the title', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await expect(page.locator(announcer)).toHaveText('');

    // Into a remote: its page shows after the route changed.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Gallery');
    await expect(heading).toBeFocused();
    await expect(heading).toHaveAttribute('tabindex', '-1');
    await expect(page.locator(announcer)).toHaveText(await page.title());

    // Within the remote: the same kind of page, a new heading.
    await page
      .getByRole('region', { name: 'Styles' })
      .getByRole('link', { name: /^Kawaii Pop/ })
      .click();
    await expect(heading).toHaveText('Kawaii Pop');
    await expect(heading).toBeFocused();
    await expect(page.locator(announcer)).toHaveText(/Kawaii Pop/);

    // Back to a shell page.
    await page.goBack();
    await expect(heading).toHaveText('Gallery');
    await expect(heading).toBeFocused();
  });

  test('filters and pagination change the query only, and keep focus on the control used', async ({
    page,
  }) => {
    await page.goto('/gallery/style/kawaii-pop');
    const figures = page.getByRole('region', { name: 'Figures' });
    const rarity = figures.getByLabel('Rarity');
    await rarity.focus();
    await rarity.selectOption('secret');
    await expect(page).toHaveURL(/rarity=secret/);
    await expect(figures.getByText('2 figures')).toBeVisible();
    await expect(rarity).toBeFocused();
    await expect(page.locator(announcer)).toHaveText('');
  });
});
