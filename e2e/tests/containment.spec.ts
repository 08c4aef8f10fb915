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
  test(`a remote whose entry ${failure} is reloaded once, then contained, and recovers on retry without a reload`, async ({
    page,
  }) => {
    const entries = await remoteEntries(page);
    const galleryEntry = `**${entries.mf_gallery}`;
    await page.route(galleryEntry, respond);
    const documentLoads: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads.push(new URL(request.url()).pathname);
    });
    await page.goto('/');

    // The first failure may be a deploy that replaced the files: the reload guard loads /gallery afresh, once.
    await openGallery(page);
    const fallback = page.getByTestId('fallback-mf-gallery');
    await expect(fallback).toBeVisible();
    expect(documentLoads).toEqual(['/', '/gallery']);
    await markDocument(page);
    await expect(fallback.getByRole('heading')).toHaveText('The gallery could not be loaded');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // Every other route keeps working.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page.locator('[data-owner="mf_blog"]')).toBeVisible();
    await openGallery(page);
    await expect(fallback).toBeVisible();
    // Within the guard's 10 s window the same path is not reloaded again.
    expect(documentLoads).toEqual(['/', '/gallery']);

    // The remote comes back: retry loads it fresh.
    await page.unroute(galleryEntry);
    await fallback.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator('[data-owner="mf_gallery"][data-route="gallery"]')).toBeVisible();
    await expect(fallback).toHaveCount(0);
    await expectSameDocument(page);
  });
}

test('a remote whose entry never answers shows the fallback after the load timeout', async ({ page }) => {
  // Up to three 8 s timeouts: a load already under way for the footer link's prefetch, the
  // outlet's own load, then the reload guard's one fresh attempt.
  test.setTimeout(75_000);
  const entries = await remoteEntries(page);
  await page.route(`**${entries.mf_rules}`, () => {
    // Never answered: the federation runtime's script timeout (8 s) must end the wait.
  });
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByTestId('fallback-mf-rules')).toBeVisible({ timeout: 50_000 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
