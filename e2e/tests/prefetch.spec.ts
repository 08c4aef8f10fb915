import { expect, remoteEntries, test } from '../fixtures/site';

test('pointing at a link loads its remote before the click', async ({ page }) => {
  const entries = await remoteEntries(page);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  // A short window, so the footer's links are out of view (links in view are prefetched anyway).
  await page.setViewportSize({ width: 1280, height: 360 });
  await page.goto('/pag-demo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagination');
  expect(requested).not.toContain(entries.mf_rules);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).hover();
  await expect.poll(() => requested.includes(entries.mf_rules!)).toBe(true);
});

test('links in view are prefetched once the page is idle', async ({ page }) => {
  const entries = await remoteEntries(page);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/');
  // The home page shows links to the gallery, the boxes and the blog.
  await expect
    .poll(() =>
      [entries.mf_gallery, entries.mf_mysterybox, entries.mf_blog].every((entry) =>
        requested.includes(entry!),
      ),
    )
    .toBe(true);
  expect(requested.filter((path) => path === entries.mf_gallery)).toHaveLength(1);
});

for (const [name, connection] of [
  ['data saver', { saveData: true, effectiveType: '4g' }],
  ['a 2g connection', { saveData: false, effectiveType: '2g' }],
] as const) {
  test(`nothing is prefetched with ${name}`, async ({ page }) => {
    await page.addInitScript((value) => {
      Object.defineProperty(Navigator.prototype, 'connection', { get: () => value, configurable: true });
    }, connection);
    const entries = await remoteEntries(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured series' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).hover();
    await page.waitForLoadState('networkidle');
    const remoteRequests = requested.filter((path) =>
      Object.entries(entries).some(([app, entry]) => app !== 'shell' && path === entry),
    );
    expect(remoteRequests).toEqual([]);

    // The remote still loads when the visitor actually goes there.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page.locator('[data-owner="mf_rules"]')).toBeVisible();
  });
}

test('a rules page pointed at is read ahead (its payload), and opens without reading it again', async ({
  page,
}) => {
  // The site server renders pages, so a page's data is read as its payload: ahead on hover, used by the click.
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/content/document') reads.push(url.searchParams.get('path') ?? '');
    if (url.pathname.endsWith('/_payload.json')) reads.push(url.pathname);
  });
  await page.setViewportSize({ width: 1280, height: 360 });
  await page.goto('/pag-demo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagination');
  expect(reads).toEqual([]);

  const privacy = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' });
  await privacy.hover();
  await expect.poll(() => reads).toEqual(['/rules/privacy_policy/_payload.json']);
  await page.waitForLoadState('networkidle');
  await privacy.click();
  await expect(page.locator('main').getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  // The page showed the payload read ahead: neither it nor the document was read again.
  expect(reads).toEqual(['/rules/privacy_policy/_payload.json']);
});
