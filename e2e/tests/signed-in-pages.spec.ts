import type { Page } from '@playwright/test';
import { boxOnSale } from '../fixtures/catalogue';
import { buyBox, newIdentity, signInTo } from '../fixtures/purchase';
import { expect, test, waitForEmulator } from '../fixtures/sign-in';

// A signed-in visitor's own pages come back at once: the locker and the orders kept from the last
// visit show before sign-in is known, and are read again behind them.
test.beforeAll(async () => {
  test.setTimeout(200_000);
  await waitForEmulator();
});

/** Each page's list and its loading state (the skeleton it shows while it has no list), by path. */
const PAGES: Readonly<Record<string, { list: string; loading: string }>> = {
  '/locker': { list: 'Your figures', loading: 'Loading your locker' },
  '/orders': { list: 'Your orders', loading: 'Loading your orders' },
};

/**
 * What each document showed first, in order: its loading state, its list. (Before the page's
 * code arrives the shell's outlet shows a loading state of its own: not the page's, not counted.)
 */
async function recordFirstStates(page: Page): Promise<void> {
  await page.addInitScript((pages: typeof PAGES) => {
    const labels = pages[location.pathname];
    const seen: string[] = [];
    (window as unknown as { __firstStates: string[] }).__firstStates = seen;
    const note = () => {
      if (!labels) return;
      if (
        !seen.includes('loading') &&
        document.querySelector(`[role="status"][aria-label="${labels.loading}"]`)
      )
        seen.push('loading');
      if (!seen.includes('list') && document.querySelector(`[aria-label="${labels.list}"]`))
        seen.push('list');
    };
    new MutationObserver(note).observe(document, { childList: true, subtree: true });
    note();
  }, PAGES);
}

const firstStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { __firstStates: string[] }).__firstStates);

test('a signed-in reload of the locker and the orders shows the list with no skeleton first', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await recordFirstStates(page);
  await signInTo(page, '/locker', newIdentity('return'));
  await buyBox(page, (await boxOnSale(page)).id);

  for (const [path, { list }] of Object.entries(PAGES)) {
    // The first visit reads the list, showing its loading state meanwhile.
    await page.goto(path);
    await expect(page.getByRole('list', { name: list })).toBeVisible();
    // Back again: the list it showed last is the first thing the page shows, never its loading state.
    await page.reload();
    await expect(page.getByRole('list', { name: list })).toBeVisible();
    expect(await firstStates(page), path).toEqual(['list']);
  }
});
