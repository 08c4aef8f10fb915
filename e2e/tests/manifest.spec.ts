import { STANDALONE_PORTS } from '../playwright.config';
import { expect, test } from '../fixtures/site';

test('a remote moved to another origin is found through the manifest alone', async ({ page }) => {
  const elsewhere = `http://localhost:${STANDALONE_PORTS.mf_gallery}/remoteEntry.js`;
  await page.route('**/builds/meta/*.json', async (route) => {
    const response = await route.fetch();
    const meta = await response.json();
    meta.apps.mf_gallery.entry = elsewhere;
    delete meta.apps.mf_gallery.integrity;
    await route.fulfill({ response, json: meta });
  });
  const galleryRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('remoteEntry.js') && request.url().includes('gallery')) galleryRequests.push(request.url());
  });
  page.on('request', (request) => {
    if (request.url() === elsewhere) galleryRequests.push(request.url());
  });

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
  await expect(page.locator('[data-owner="mf_gallery"][data-route="gallery"]')).toBeVisible();
  expect(galleryRequests).toContain(elsewhere);
  expect(galleryRequests.filter((url) => url !== elsewhere)).toEqual([]);
});
