import type { Page } from '@playwright/test';
import { payWithSandbox, secondVisitor, sellerWithListing, signIn } from '../fixtures/market';
import { expect, test, waitForEmulator } from '../fixtures/sign-in';

// A buyer's receipts on a phone (390 × 844): a figure bought from a collector, then its ship-out.
// Each says what was bought, from whom, what it cost and that it was paid, and fits the screen.

test.beforeAll(async () => {
  test.setTimeout(200_000);
  await waitForEmulator();
});

const PHONE = { viewport: { width: 390, height: 844 } };

/** The page is no wider than the screen: nothing scrolls sideways. */
async function expectFitsScreen(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const { scrollWidth, clientWidth } = document.documentElement;
        return scrollWidth <= clientWidth ? 'fits' : `${scrollWidth} px wide in ${clientWidth} px`;
      }),
    )
    .toBe('fits');
}

/** Opens the receipt of the newest order from /orders, after checking the list names it as `item`. */
async function openNewestReceipt(page: Page, item: string): Promise<void> {
  await page.goto('/orders');
  const newest = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').first();
  await expect(newest).toContainText(item);
  await expect(newest.getByTestId('order-status')).toHaveText(/^Paid, /);
  await expectFitsScreen(page);
  await newest.getByRole('link', { name: /^Receipt for order AT/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: /^Receipt for order AT[0-9A-Z]{16}$/ }),
  ).toBeVisible();
}

test('a listing bought and its ship-out each have a true receipt that fits a 390 px phone; the ship-out form clears a problem once its field is fixed', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The seller pulls a figure and lists it at $24.50.
  const { handle, figure, slug } = await sellerWithListing(page, 'rseller', {
    price: '24.50',
    listedAt: '$24.50',
    receives: '$23.27',
  });

  // The buyer, on a phone, buys it from the figure's page.
  const buyer = await secondVisitor(browser, PHONE);
  await signIn(buyer, 'rbuyer', `/gallery/style/detail/${slug}`);
  await buyer
    .getByRole('region', { name: 'From collectors' })
    .getByRole('button', { name: `Buy for $24.50 from @${handle}` })
    .click();
  await payWithSandbox(buyer);
  await expect(buyer.getByRole('heading', { name: /It's yours/ })).toContainText(figure);

  // Its receipt: the collector sold it, through the site (never the host name); the figure; paid.
  await openNewestReceipt(buyer, `${figure} from @${handle}`);
  const seller = buyer.getByRole('region', { name: 'Seller' });
  await expect(seller).toContainText(`@${handle}, a collector on ArtToy Club`);
  await expect(seller).not.toContainText('localhost');
  await expect(buyer.getByTestId('receipt-item')).toHaveText(`${figure} from @${handle}`);
  await expect(buyer.getByTestId('receipt-price')).toHaveText('$24.50');
  await expect(buyer.getByTestId('receipt-total')).toHaveText('$24.50');
  await expect(buyer.getByTestId('receipt-status')).toHaveText('Paid, in your locker');
  await expect(buyer.getByTestId('receipt-payment-status')).toHaveText('Paid');
  await expect(buyer.getByRole('region', { name: 'Delivery' })).toContainText(`${figure} is in your locker`);
  await expect(buyer.getByRole('main')).not.toContainText('not paid');
  await expectFitsScreen(buyer);

  // The ship-out form: a problem under a field goes as soon as that field is fixed.
  await buyer.goto('/locker');
  await buyer
    .getByRole('list', { name: 'Your figures' })
    .getByRole('listitem')
    .filter({ hasText: figure })
    .first()
    .getByRole('checkbox', { name: `${figure}: Choose for shipping` })
    .check();
  await buyer.getByRole('button', { name: 'Ship out' }).click();
  const form = buyer.getByRole('form', { name: 'Ship out 1 figure' });
  await form.getByRole('button', { name: 'Ship out' }).click();
  const name = form.getByLabel('Full name');
  await expect(name).toHaveAccessibleDescription('Enter your full name.');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await name.fill('QA Buyer');
  await expect(name).not.toHaveAttribute('aria-invalid');
  await expect(form.getByText('Enter your full name.')).toHaveCount(0);
  await expect(form.getByLabel('City')).toHaveAccessibleDescription('Enter your city.');
  await expect(form.getByRole('alert')).toHaveText(
    'Please fix the 5 fields marked above: Street and number, City, Postal code, Country, Phone.',
  );
  await form.getByLabel('Street and number').fill('12 Market Street');
  await form.getByLabel('City').fill('London');
  await form.getByLabel('Postal code').fill('N1 9GU');
  await form.getByLabel('Country').selectOption({ label: 'United Kingdom' });
  await expect(form.getByLabel('Country')).not.toHaveAttribute('aria-invalid');
  await form.getByLabel('Phone').fill('+44 20 7946 0000');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('button', { name: 'Ship out' }).click();
  await payWithSandbox(buyer);
  await expect(buyer.getByText('Your ship-out of 1 figure to London is requested')).toBeVisible();

  // Its receipt: shipping paid to the site, the parcel, no draw.
  await openNewestReceipt(buyer, 'Ship-out of 1 figure to London, GB');
  await expect(buyer.getByRole('region', { name: 'Seller' })).toContainText('ArtToy Club, Inc.');
  await expect(buyer.getByTestId('receipt-item')).toHaveText('Ship-out of 1 figure to London, GB');
  await expect(buyer.getByTestId('receipt-status')).toHaveText('Paid, with the warehouse');
  await expect(buyer.getByTestId('receipt-payment-status')).toHaveText('Paid');
  await expect(buyer.getByRole('region', { name: 'Shipping' })).toContainText('with the warehouse');
  await expect(buyer.getByRole('region', { name: 'Draw' })).toHaveCount(0);
  await expect(buyer.getByRole('main')).not.toContainText('not paid');
  await expectFitsScreen(buyer);
  await buyer.context().close();
});
