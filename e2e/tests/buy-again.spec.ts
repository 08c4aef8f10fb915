import type { Page } from '@playwright/test';
import { boxOnSale, figureSlug } from '../fixtures/catalogue';
import { listFromLocker, signIn, signInAsSeller } from '../fixtures/market';
import { confirmAge } from '../fixtures/purchase';
import { expect, test, waitForEmulator } from '../fixtures/sign-in';

// Buying twice, buying one's own: the buyer's open hold is resumed, never doubled; a seller's own
// listing is theirs to reprice or withdraw; and the reveal is the purchase's moment. Against the real
// API (in-memory database), the Auth emulator and the API's own sandbox payment page.

test.beforeAll(async () => {
  test.setTimeout(200_000);
  await waitForEmulator();
});

/**
 * The signed-in buyer's orders, as their orders page lists them: a new account's own, so boxes
 * other tests buy at the same time never count (the box's stock is shared by every spec).
 */
async function ordersOf(page: Page): Promise<string[]> {
  await page.goto('/orders');
  const list = page.getByRole('list', { name: 'Your orders' });
  await expect(list).toBeVisible();
  return list.getByRole('listitem').allTextContents();
}

const orderSnOf = (page: Page) => new URL(page.url()).searchParams.get('order');

test('back from the pay page, the box page shows the box held with Pay now and Cancel, and Buy again resumes that order', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const box = await boxOnSale(page);
  await signIn(page, 'again', `/mysterybox/${box.id}`);
  await confirmAge(page);
  await page.goto(`/mysterybox/${box.id}`);
  await expect(page.getByTestId('server-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);

  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/payment\/order_pay\?order=AT[0-9A-Z]{16}$/);
  const held = orderSnOf(page);
  await expect(page.getByTestId('countdown')).toHaveText(/^1[45]:\d\d$/);

  // Back on the box page: the hold, its time left, and its two ways; no second Buy.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/mysterybox/${box.id}$`));
  const hold = page.getByRole('group', { name: /You are holding one of these boxes/ });
  await expect(hold).toContainText(`Order ${held} awaits payment.`);
  await expect(hold.getByTestId('countdown')).toHaveText(/^1[45]:\d\d$/);
  await expect(page.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
  await hold.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/order_pay\\?order=${held}$`));

  // A box page that could not read the buyer's orders offers Buy: the API resumes the same order.
  const ordersList = (url: URL) => url.pathname === '/api/orders';
  await page.route(ordersList, (route) =>
    route.request().method() === 'GET' ? route.abort() : route.fallback(),
  );
  await page.goto(`/mysterybox/${box.id}`);
  await expect(page.getByTestId('server-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/order_pay\\?order=${held}$`));
  await page.unroute(ordersList);
  // One order in all: the buyer's first, resumed twice.
  const orders = await ordersOf(page);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toContain(held!);

  // Cancel from the box page: the box is back on sale, and Buy is offered again.
  await page.goto(`/mysterybox/${box.id}`);
  await page
    .getByRole('group', { name: /You are holding one of these boxes/ })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page.getByRole('button', { name: 'Buy now' })).toBeVisible();
  await expect(page.getByRole('group', { name: /You are holding/ })).toHaveCount(0);
});

test('the reveal is its own page heading, focused without a ring; the seller’s own listing is "Your listing" with Change price and Withdraw, never Buy', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const handle = await signInAsSeller(page, 'owner');
  await confirmAge(page);

  // A box bought and opened, still under reduced motion: the reveal heading is the page's, focused.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const box = await boxOnSale(page);
  await page.goto(`/mysterybox/${box.id}`);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/payment\/order_pay\?order=AT[0-9A-Z]{16}$/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  const reveal = page.getByRole('heading', { level: 1, name: /^You pulled .+!$/ });
  await expect(reveal).toBeFocused();
  await expect(reveal).toHaveCSS('outline-style', 'none');
  await expect(page.getByRole('heading', { name: 'Payment' })).toHaveCount(0);
  await expect(page.getByTestId('reveal-rarity')).toHaveText(/^(Regular|Secret) figure$/);
  await expect(page.getByRole('link', { name: 'Open another' })).toHaveAttribute(
    'href',
    `/mysterybox/${box.id}`,
  );
  await expect(page.getByRole('link', { name: 'Check this draw' })).toHaveAttribute(
    'href',
    /^\/mysterybox\/test\?draw=\d+$/,
  );
  const figure = (await reveal.textContent())?.replace(/^You pulled (.+)!$/, '$1') ?? '';

  // Listed from the locker at $25.00.
  await listFromLocker(page, figure, '25');

  // On the figure's page, the listing is the seller's own: no Buy, but its two actions.
  await page.goto(`/gallery/style/detail/${await figureSlug(page, figure)}`);
  const market = page.getByRole('region', { name: 'From collectors' });
  const own = market.getByRole('listitem').filter({ hasText: `@${handle}` });
  await expect(own).toContainText('Your listing');
  await expect(own.getByRole('button', { name: /^Buy/ })).toHaveCount(0);
  await own.getByRole('button', { name: 'Change price' }).click();
  await own.getByLabel('New price in dollars').fill('30');
  await own.getByRole('button', { name: 'Save price' }).click();
  await expect(own).toContainText('$30.00');
  await own.getByRole('button', { name: 'Withdraw' }).click();
  await expect(market.getByRole('listitem').filter({ hasText: `@${handle}` })).toHaveCount(0);
});
