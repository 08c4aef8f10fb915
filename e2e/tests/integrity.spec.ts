import { expect, remoteEntries, test } from '../fixtures/site';

test('a remote entry whose bytes differ from the manifest is refused, and its area shows the fallback', async ({
  page,
}) => {
  const entries = await remoteEntries(page);
  await page.route(`**${entries.mf_gallery}`, async (route) => {
    const response = await route.fetch();
    // One changed byte: the browser's Subresource Integrity check must refuse to run it.
    await route.fulfill({ response, body: `${await response.text()}\n;window.__tampered = true;` });
  });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
  await expect(page.getByTestId('fallback-mf-gallery')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __tampered?: boolean }).__tampered),
  ).toBeUndefined();
  await expect(page.getByRole('banner')).toBeVisible();
});
