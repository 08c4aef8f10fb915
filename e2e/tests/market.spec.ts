import { expect, test, waitForEmulator } from '../fixtures/sign-in';
import { payWithSandbox, secondVisitor, sellerWithListing, signIn } from '../fixtures/market';
import { waitForLive } from '../fixtures/site';

// The market between collectors, as two of them live it: against the real API (in-memory database),
// the Auth emulator and the API's own sandbox payment page.

test.beforeAll(async () => {
  test.setTimeout(200_000);
  await waitForEmulator();
});

test('a collector lists a pulled figure, another buys it with the sandbox: it moves lockers, both see the sale in the live room, and the figure page charts it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The seller: a public handle, a figure pulled from a box, listed from the locker at $25.00
  // (what the seller receives after the fee is said before listing).
  const { handle, figure, slug } = await sellerWithListing(page, 'seller', {
    price: '25',
    listedAt: '$25.00',
    receives: '$23.75',
  });

  // The figure's served page has the collector price (a visitor without JavaScript, a crawler or a
  // link preview sees it), and its JSON-LD offers the figure at that ask.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const served = await noScript.newPage();
  await served.goto(`/gallery/style/detail/${slug}`);
  const servedMarket = served.getByRole('region', { name: 'From collectors' });
  await expect(servedMarket).toContainText('$25.00');
  await expect(servedMarket).toContainText(handle);
  const structured = (await served.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as { '@type': string; offers?: unknown },
  );
  const product = structured.find((thing) => thing['@type'] === 'Product');
  expect([product?.offers].flat()).toContainEqual({
    '@type': 'Offer',
    url: expect.stringMatching(new RegExp(`/gallery/style/detail/${slug}$`)),
    price: '25.00',
    priceCurrency: 'USD',
    availability: 'https://schema.org/InStock',
  });
  // The seller watches the live room while the buyer shops: the sale arrives there as it happens.
  await page.goto('/live');
  await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
  const sold = new RegExp(
    `bought ${figure.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (Regular|Secret) for \\$25\\.00`,
  );
  // The buyer finds it on the figure's page, cheapest first under its seller's handle, and buys it.
  const buyer = await secondVisitor(browser);
  await signIn(buyer, 'buyer', `/gallery/style/detail/${slug}`);
  const market = buyer.getByRole('region', { name: 'From collectors' });
  await market.getByRole('button', { name: `Buy for $25.00 from @${handle}` }).click();
  await payWithSandbox(buyer);
  await expect(buyer.getByRole('heading', { name: new RegExp(`It's yours`) })).toContainText(figure);
  await expect(page.getByRole('listitem').filter({ hasText: sold })).toHaveCount(1);
  await buyer.goto('/live');
  await expect(buyer.getByRole('listitem').filter({ hasText: sold }).first()).toBeVisible();
  // The live room's served page lists the latest events, the sale among them, without JavaScript
  // (the latest events are kept a few seconds: reloaded until they include it).
  await expect
    .poll(async () => {
      await served.goto('/live');
      return served.getByRole('listitem').filter({ hasText: sold }).count();
    })
    .toBe(1);
  await expect(served.getByRole('status')).toHaveText('Latest events');
  await noScript.close();

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
