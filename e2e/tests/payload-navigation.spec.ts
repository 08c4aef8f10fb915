import type { Page } from '@playwright/test';
import { expect, expectSameDocument, markDocument, test } from '../fixtures/site';

/** Client navigations across the kinds of page, each by a link of the page navigated from. */
const NAVIGATIONS = [
  { from: '/pag-demo', to: '/gallery' },
  { from: '/blog/list', to: '/blog/how-our-draws-are-fair' },
  { from: '/gallery/series/moonlit-forest', to: '/gallery/style/detail/moonlit-forest-moth-lantern' },
  { from: '/mysterybox', to: '/mysterybox/1' },
  { from: '/gallery', to: '/rules/authenticity' },
] as const;

/** Data reads (the API) and payloads of this site the page asks for from now on. */
function recordReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(page.url()).origin) return;
    if (url.pathname.startsWith('/api/') || url.pathname.endsWith('/_payload.json'))
      reads.push(`${url.pathname}${url.search}`);
  });
  return reads;
}

async function settledAt(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('#root[data-shell-ready]')).toBeAttached();
  await page.waitForLoadState('networkidle');
  await markDocument(page);
}

const payloadPath = (to: string) => `${to === '/' ? '' : to}/_payload.json`;

for (const { from, to } of NAVIGATIONS) {
  test(`a client navigation from ${from} to ${to} reads the page's data in one payload, and none of it again`, async ({
    page,
  }) => {
    await settledAt(page, from);
    const reads = recordReads(page);
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === payloadPath(to));
    await page
      .getByRole('main')
      .or(page.getByRole('banner'))
      .or(page.getByRole('contentinfo'))
      .locator(`a[href="${to}"]`)
      .first()
      .click();
    const payload = (await (await answer).json()) as { path: string; data: Record<string, unknown> };
    // From here the page has its data (a remote's own read-ahead on the link's hover came before).
    const afterPayload = reads.length;
    await expect(page).toHaveURL(to);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectSameDocument(page);

    expect(payload.path).toBe(to);
    expect(Object.keys(payload.data).length).toBeGreaterThan(0);
    expect(reads.filter((read) => read.endsWith('/_payload.json'))).toEqual([payloadPath(to)]);
    // Whatever else the page reads (its visitor's own data, later sections), never what it was given.
    expect(reads.slice(afterPayload).filter((read) => read in payload.data)).toEqual([]);
  });
}

test('a link read ahead on hover is not read again by its click', async ({ page }) => {
  await settledAt(page, '/pag-demo');
  const reads = recordReads(page);
  const link = page.getByRole('banner').locator('a[href="/gallery"]');
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/gallery/_payload.json',
  );
  await link.hover();
  await answer;
  await link.click();
  await expect(page.locator('[data-owner="mf_gallery"] h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads.filter((read) => read.endsWith('/_payload.json'))).toEqual(['/gallery/_payload.json']);
});

test('back to the first page and forward again: each page has its own data', async ({ page }) => {
  await settledAt(page, '/blog/list');
  const heading = await page.locator('main h1').first().textContent();
  await page.getByRole('main').locator('a[href="/blog/how-our-draws-are-fair"]').first().click();
  await expect(page).toHaveURL('/blog/how-our-draws-are-fair');
  // The URL changes before the post renders: wait for its heading, not the list's still on screen.
  await expect(page.locator('main h1').first()).not.toHaveText(heading ?? '');
  const postHeading = (await page.locator('main h1').first().textContent()) ?? '';
  await page.goBack();
  await expect(page.locator('main h1').first()).toHaveText(heading ?? '');
  await page.goForward();
  await expect(page.locator('main h1').first()).toHaveText(postHeading);
  await expectSameDocument(page);
});
