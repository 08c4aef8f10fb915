import type { Page, Route } from '@playwright/test';
import { expect, expectSameDocument, markDocument, remoteEntries, test } from '../fixtures/site';

const FAILURES: Record<string, (route: Route) => Promise<void>> = {
  'answers 404': (route) => route.fulfill({ status: 404, body: 'Not Found' }),
  'answers 500': (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }),
  'is unreachable': (route) => route.abort('connectionrefused'),
};

async function openGallery(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
}

for (const [failure, respond] of Object.entries(FAILURES)) {
  test(`a remote whose entry ${failure} is contained, and recovers on retry without a reload`, async ({ page }) => {
    const entries = await remoteEntries(page);
    const galleryEntry = `**${entries.mf_gallery}`;
    await page.route(galleryEntry, respond);
    await page.goto('/');
    await markDocument(page);

    await openGallery(page);
    const fallback = page.getByTestId('fallback-mf-gallery');
    await expect(fallback).toBeVisible();
    await expect(fallback.getByRole('heading')).toHaveText('The gallery could not be loaded');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // Every other route keeps working.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page.locator('[data-owner="mf_blog"]')).toBeVisible();
    await openGallery(page);
    await expect(fallback).toBeVisible();

    // The remote comes back: retry loads it fresh.
    await page.unroute(galleryEntry);
    await fallback.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator('[data-owner="mf_gallery"][data-route="gallery"]')).toBeVisible();
    await expect(fallback).toHaveCount(0);
    await expectSameDocument(page);
  });
}

test('a remote whose entry never answers shows the fallback after the load timeout', async ({ page }) => {
  const entries = await remoteEntries(page);
  await page.route(`**${entries.mf_rules}`, () => {
    // Never answered: the federation runtime's script timeout (8 s) must end the wait.
  });
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByTestId('fallback-mf-rules')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
