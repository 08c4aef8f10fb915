import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/site';

const INPUT_LABEL = 'Search the blog, the help pages and the gallery';

/** Opens the overlay from the header; its combobox has focus. */
async function openSearch(page: Page): Promise<{ overlay: Locator; input: Locator }> {
  await page.getByRole('button', { name: 'Search' }).click();
  const overlay = page.getByRole('dialog', { name: 'Search' });
  const input = overlay.getByRole('combobox', { name: INPUT_LABEL });
  await expect(input).toBeFocused();
  return { overlay, input };
}

/** The part of the input's text that is selected. */
function selectedText(input: Locator): Promise<string> {
  return input.evaluate((element: HTMLInputElement) =>
    element.value.slice(element.selectionStart ?? 0, element.selectionEnd ?? 0),
  );
}

/** A price as the site writes it ("$15.99"), from the API's minor units. */
function formatPrice({ amountMinor, currency }: { amountMinor: number; currency: string }): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  return format.format(amountMinor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

test('each opening starts with the previous query selected, so a new query replaces it', async ({ page }) => {
  await page.goto('/');
  let { overlay, input } = await openSearch(page);
  await expect(input).toHaveValue('');
  await input.pressSequentially('moonlit');
  await expect(overlay.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();

  ({ overlay, input } = await openSearch(page));
  await expect(input).toHaveValue('moonlit');
  expect(await selectedText(input)).toBe('moonlit');
  // Typing replaces the selection: nothing is appended to the old query.
  await page.keyboard.type('croissant cub');
  await expect(input).toHaveValue('croissant cub');
  await expect(overlay.getByRole('option').first()).toContainText('FigureCroissant Cub');

  // A query cleared before closing opens empty.
  await input.fill('');
  await page.keyboard.press('Escape');
  ({ input } = await openSearch(page));
  await expect(input).toHaveValue('');
});

test('finds a mystery box by name with its series and price, and opens its page', async ({ page }) => {
  const boxes = (await (await page.request.get('/api/box-models?series=moonlit-forest')).json()) as {
    items: Array<{ id: number; name: string; price: { amountMinor: number; currency: string } }>;
  };
  const box = boxes.items[0]!;
  await page.goto('/');
  const { overlay, input } = await openSearch(page);
  await input.fill(box.name);
  const result = overlay.getByRole('option', { name: new RegExp(`^Mystery box\\s*${box.name}`) });
  await expect(result).toContainText(`Mystery box from Moonlit Forest · ${formatPrice(box.price)}`);
  await result.click();
  await expect(overlay).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/mysterybox/${box.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(box.name);
});

test('results show small decorative thumbnails that load, and none where there is no picture', async ({
  page,
}) => {
  await page.goto('/');
  const { overlay, input } = await openSearch(page);
  await input.fill('moonlit forest');
  // Series and figures show a figure's art; a box, its own packaging.
  for (const [kind, art] of [
    ['Series', /^\/api\/figures\/[a-z0-9-]+\/art\.svg\?v=\w+$/],
    ['Figure', /^\/api\/figures\/[a-z0-9-]+\/art\.svg\?v=\w+$/],
    ['Mystery box', /^\/api\/box-models\/\d+\/art\.svg\?v=\w+$/],
  ] as const) {
    const thumbnail = overlay
      .getByRole('option', { name: new RegExp(`^${kind}`) })
      .first()
      .locator('img');
    await expect(thumbnail).toHaveAttribute('alt', '');
    await expect(thumbnail).toHaveAttribute('loading', 'lazy');
    await expect(thumbnail).toHaveAttribute('width', '48');
    await expect(thumbnail).toHaveAttribute('height', '48');
    await expect(thumbnail).toHaveAttribute('src', art);
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
  }

  // A post shows its cover; a rules page has none.
  await input.fill('how our draws are fair');
  const post = overlay.getByRole('option', { name: /^Blog post\s*How our draws are fair/ });
  await expect(post.locator('img')).toHaveAttribute(
    'src',
    /^\/api\/content\/assets\/[a-z0-9-]+\.svg\?v=[0-9a-f]+$/,
  );
  await expect
    .poll(() =>
      post.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    )
    .toBe(true);
  await input.fill('privacy policy');
  const rules = overlay.getByRole('option', { name: /^Rules\s*Privacy policy/ });
  await expect(rules).toBeVisible();
  await expect(rules.locator('img')).toHaveCount(0);
});

test('says search is unavailable while its data cannot be had, and searches again on the next opening', async ({
  page,
}) => {
  await page.route('**/api/search.json', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable"}' }),
  );
  await page.goto('/');
  let { overlay, input } = await openSearch(page);
  await input.fill('moonlit');
  await expect(overlay.getByText('Search is not available right now. Please try again later.')).toBeVisible();
  await expect(overlay.getByRole('option')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.unroute('**/api/search.json');
  ({ overlay, input } = await openSearch(page));
  expect(await selectedText(input)).toBe('moonlit');
  await expect(overlay.getByRole('option').first()).toBeVisible();
  await expect(overlay.getByText(/not available/)).toHaveCount(0);
});
