import type { Browser, Page } from '@playwright/test';
import { expect, routeGoogleScriptHost, signInAs, test, waitForEmulator } from '../fixtures/sign-in';
import { boxOnSale, figureSlug } from '../fixtures/catalogue';
import { listFromLocker, signInAsSeller } from '../fixtures/market';
import { waitForLive } from '../fixtures/site';

// The market between collectors, as two of them live it: against the real API (in-memory database),
// the Auth emulator and the API's own sandbox payment page.

test.beforeAll(async () => {
  test.setTimeout(200_000);
  await waitForEmulator();
});

/** On the pay page of an order: pays it on the sandbox's page. */
async function payWithSandbox(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/payment\/order_pay\?order=AT[0-9A-Z]{16}$/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('TEST MODE: sandbox payment, no money moves')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/payment\/order_pay\?token=/);
}

/** A second visitor: a context of its own, with the Google script stand-in the fixture gives the first. */
async function secondVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await routeGoogleScriptHost(context);
  return context.newPage();
}

test('a collector lists a pulled figure, another buys it with the sandbox: it moves lockers, both see the sale in the live room, and the figure page charts it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The seller: a public handle, then a figure pulled from a box.
  const handle = await signInAsSeller(page, 'seller');
  const box = await boxOnSale(page);
  await page.goto(`/mysterybox/${box.id}`);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await payWithSandbox(page);
  await page
    .getByRole('button', { name: 'Skip' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  const reveal = page.getByRole('heading', { name: /^You pulled .+!$/ });
  await expect(reveal).toBeVisible();
  const figure = (await reveal.textContent())?.replace(/^You pulled (.+)!$/, '$1') ?? '';

  // Listed from the locker at $25.00: what the seller receives after the fee is said before listing.
  await listFromLocker(page, figure, '25', '$23.75');

  // The buyer finds it on the figure's page, cheapest first under its seller's handle, and buys it.
  const slug = await figureSlug(page, figure);
  // The seller watches the live room while the buyer shops: the sale arrives there as it happens.
  await page.goto('/live');
  await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
  const sold = new RegExp(
    `bought ${figure.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (Regular|Secret) for \\$25\\.00`,
  );
  const buyer = await secondVisitor(browser);
  await signInAs(buyer, 'buyer', `/gallery/style/detail/${slug}`);
  const market = buyer.getByRole('region', { name: 'From collectors' });
  await market.getByRole('button', { name: `Buy for $25.00 from @${handle}` }).click();
  await payWithSandbox(buyer);
  await expect(buyer.getByRole('heading', { name: new RegExp(`It's yours`) })).toContainText(figure);
  await expect(page.getByRole('listitem').filter({ hasText: sold })).toHaveCount(1);
  await buyer.goto('/live');
  await expect(buyer.getByRole('listitem').filter({ hasText: sold }).first()).toBeVisible();

  // It moved lockers: the buyer has it, the seller does not, and the seller's balance has the price less the fee.
  await buyer.goto('/locker');
  await expect(
    buyer
      .getByRole('list', { name: 'Your figures' })
      .getByRole('listitem')
      .filter({ hasText: figure })
      .first(),
  ).toContainText('In your locker');
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText('$23.75');
  await page.goto('/locker');
  await expect(page.getByText(`Listed at $25.00`)).toHaveCount(0);

  // The figure page charts the sale: last and lowest price, and the chart's table of points.
  await buyer.goto(`/gallery/style/detail/${slug}`);
  await waitForLive(buyer);
  const sales = buyer.getByRole('region', { name: 'From collectors' });
  await expect(sales.getByRole('img', { name: /\$25\.00/ })).toBeVisible();
  await expect(sales.getByRole('table')).toContainText('$25.00');
  await buyer.context().close();
});
