import { expectNoSeriousViolations } from '../fixtures/axe';
import type { Locator, Page } from '@playwright/test';
import { boxOnSale } from '../fixtures/catalogue';
import { confirmAge } from '../fixtures/purchase';
import { expect, signInThroughPopup, test, waitForEmulator } from '../fixtures/sign-in';

// The whole purchase, as a buyer lives it, against the real API (in-memory database), the Auth
// emulator and the API's own sandbox payment page.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  await waitForEmulator();
});

// A buyer of its own per run, and no clearing of the emulator's accounts: the sign-in tests, which
// start from no accounts, may run at the same time in another worker.
const newBuyer = (displayName: string) => ({
  email: `buyer-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`,
  displayName,
});
const BUYER = newBuyer('QA Buyer');

test('sign in, buy a box with the sandbox provider, see the reveal, find the figure in the locker, verify its draw and ship it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const box = await boxOnSale(page);

  // The box page: odds of every figure, then sign in from the buy button and come back.
  await page.goto(`/mysterybox/${box.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(box.name);
  await expect(
    page.getByRole('list', { name: 'Figures and their odds' }).getByRole('listitem').first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Log in to buy' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?return_to=%2Fmysterybox%2F${box.id}$`));
  await signInThroughPopup(
    page,
    page.getByRole('main').getByRole('button', { name: 'Continue with Google' }),
    BUYER,
  );
  await expect(page).toHaveURL(new RegExp(`/mysterybox/${box.id}$`));
  // A first box asks for the date of birth once (the API refuses a box without it).
  await confirmAge(page);
  await page.goto(`/mysterybox/${box.id}`);
  await expect(page.getByTestId('server-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await expectNoSeriousViolations(page);

  // Order → the pay page with its countdown → the API's test-mode approval page → back and captured.
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/payment\/order_pay\?order=AT[0-9A-Z]{16}$/);
  await expect(page.getByTestId('countdown')).toHaveText(/^1[45]:\d\d$/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('TEST MODE: sandbox payment, no money moves')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();

  // The reveal, skipped; the figure drawn is named in its heading.
  await expect(page).toHaveURL(/\/payment\/order_pay\?token=/);
  const skip = page.getByRole('button', { name: 'Skip' });
  await expect(skip).toBeFocused();
  // The animation lasts about two seconds and may end on its own before the click lands.
  await skip.click({ timeout: 2_000 }).catch(() => undefined);
  const reveal = page.getByRole('heading', { name: /^You pulled .+!$/ });
  await expect(reveal).toBeFocused();
  const figure = (await reveal.textContent())?.replace(/^You pulled (.+)!$/, '$1') ?? '';

  // The locker shows it.
  await page.getByRole('link', { name: 'Go to my locker' }).click();
  await expect(page).toHaveURL(/\/locker$/);
  const item = page
    .getByRole('list', { name: 'Your figures' })
    .getByRole('listitem')
    .filter({ hasText: figure });
  await expect(item).toContainText('In your locker');
  await expectNoSeriousViolations(page);

  // Its draw, re-computed in the browser once the seed is revealed.
  await item.getByRole('link', { name: 'Draw proof' }).click();
  await expect(page).toHaveURL(/\/mysterybox\/test\?draw=\d+$/);
  await page.getByRole('button', { name: 'Reveal my server seed' }).click();
  const verify = page.getByRole('form', { name: 'Verify a draw' });
  await expect(verify.getByLabel('Server seed (revealed)')).toHaveValue(/^[0-9a-f]{64}$/);
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(verify.getByRole('status')).toContainText(`✓ ${figure}`);
  await expect(verify.getByRole('status')).toContainText('Yes: Seed matches the hash shown before purchase');
  await expect(verify.getByRole('status')).toContainText('Yes: Figure matches the record');

  // Ship it out, with the fee the shipping page states.
  await page.goto('/locker');
  await item.getByRole('checkbox', { name: `${figure}: Choose for shipping` }).check();
  await page.getByRole('button', { name: 'Ship out' }).click();
  const form = page.getByRole('form', { name: 'Ship out 1 figure' });
  await form.getByLabel('Full name').fill('QA Buyer');
  await form.getByLabel('Street and number').fill('12 Market Street');
  await form.getByLabel('City').fill('London');
  await form.getByLabel('Postal code').fill('N1 9GU');
  await form.getByLabel('Country').selectOption({ label: 'United Kingdom' });
  await form.getByLabel('Phone').fill('+44 20 7946 0000');
  await expect(form.getByTestId('ship-out-quote')).toContainText(
    'Shipping fee to United Kingdom (United Kingdom and EU): $14.99 for 1 figure',
  );
  await expect(form.getByRole('checkbox', { name: 'Save this address for next time' })).toBeChecked();
  await form.getByRole('button', { name: 'Ship out' }).click();

  // The fee is paid like a box: the pay page shows the ship-out and its fee, the sandbox approves it.
  await expect(page).toHaveURL(/\/payment\/order_pay\?order=AT[0-9A-Z]{16}$/);
  await expect(page.getByRole('heading', { name: 'Ship-out of 1 figure to London' })).toBeVisible();
  await expect(page.getByTestId('order-line')).toHaveText('Shipping fee · $14.99');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('TEST MODE: sandbox payment, no money moves')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/payment\/order_pay\?token=/);
  await expect(page.getByText('Your ship-out of 1 figure to London is requested')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to my locker' }).click();
  await expect(page).toHaveURL(/\/locker$/);
  await expect(item).toContainText('Ship requested');
  const requests = page.getByRole('region', { name: 'Shipping requests' });
  await expect(requests.getByRole('listitem').first()).toContainText(/^Requested · /);
  await expect(requests).toContainText('fee $14.99');
  await expect(requests.getByRole('link', { name: 'Pay' })).toHaveCount(0);

  // The address book keeps it: the profile lists it (the next ship-out offers it, checked).
  await page.goto('/profile');
  await expect(page.getByRole('list', { name: 'Your saved addresses' })).toContainText(
    'QA Buyer, 12 Market Street, London N1 9GU, GB',
  );
  await expectNoSeriousViolations(page);
});

/** Holds the answers to requests matching `url` until `release` (the page shows what it shows meanwhile). */
async function holdAnswers(page: Page, url: string): Promise<{ release: () => void }> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release: () => release() };
}

/** The payment progress for order `sn` shows while `held` keeps the answer, then the reveal replaces it. */
async function expectProgressThenReveal(
  page: Page,
  progress: Locator,
  sn: string,
  held: { release: () => void },
): Promise<void> {
  await expect(progress).toBeVisible();
  await expect(progress).toContainText(`Order ${sn}`);
  held.release();
  await expect(
    page
      .getByRole('region', { name: 'Opening your box' })
      .or(page.getByRole('heading', { name: /^You pulled .+!$/ })),
  ).toBeVisible();
  await expect(progress).toHaveCount(0);
}

/** Fails when the element's text runs onto a second line: its box is exactly one line high. */
async function expectOneLine(line: Locator): Promise<void> {
  const { height, lineHeight } = await line.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
  }));
  expect(lineHeight).toBeGreaterThan(0);
  expect(height).toBeCloseTo(lineHeight, 0);
}

test('on a 390 px phone, the pay page keeps the order line on one line, says it is confirming right after approval, and checks the saved method for the next box', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const box = await boxOnSale(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/mysterybox/${box.id}`);
  await page.getByRole('button', { name: 'Log in to buy' }).click();
  await signInThroughPopup(
    page,
    page.getByRole('main').getByRole('button', { name: 'Continue with Google' }),
    newBuyer('QA Returning Buyer'),
  );
  await expect(page).toHaveURL(new RegExp(`/mysterybox/${box.id}$`));
  await confirmAge(page);
  await page.goto(`/mysterybox/${box.id}`);

  // First box: no saved method yet; the quantity reads "Qty 1" on the price's line, never alone.
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/payment\/order_pay\?order=AT[0-9A-Z]{16}$/);
  const firstSn = new URL(page.url()).searchParams.get('order') ?? '';
  await expect(page.getByRole('heading', { level: 2, name: box.name })).toHaveText(box.name);
  const line = page.getByTestId('order-line');
  await expect(line).toHaveText(/^Qty 1 · \S+$/);
  await expectOneLine(line);
  await expect(page.getByRole('radio', { name: /^Test payment/ })).toBeChecked();
  await page.getByRole('checkbox', { name: /Save this method/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('TEST MODE: sandbox payment, no money moves')).toBeVisible();

  // Back from approval: the progress shows while the capture's answer is held, then the reveal.
  const capture = await holdAnswers(page, '**/api/payments/capture');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/payment\/order_pay\?token=/);
  const progress = page.getByRole('status').filter({ hasText: 'Confirming your payment…' });
  await expectProgressThenReveal(page, progress, firstSn, capture);

  // Next box: the saved method is checked, the buyer can still move off it with the keyboard.
  await page.goto(`/mysterybox/${box.id}`);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/payment\/order_pay\?order=AT[0-9A-Z]{16}$/);
  const secondSn = new URL(page.url()).searchParams.get('order') ?? '';
  const saved = page.getByRole('radio', { name: /^Saved: / });
  await expect(saved).toBeChecked();
  await expectOneLine(line);
  await saved.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /^Test payment/ })).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(saved).toBeChecked();

  // Paying with it shows the same progress until the answer, then the reveal.
  const payment = await holdAnswers(page, `**/api/orders/${secondSn}/payments`);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expectProgressThenReveal(page, progress, secondSn, payment);
});

test('the box list, a box page and the fairness page fit a 375 px phone screen', async ({ page }) => {
  const box = await boxOnSale(page);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const [path, heading] of [
    ['/mysterybox', 'Mystery boxes'],
    [`/mysterybox/${box.id}`, box.name],
    ['/mysterybox/test', 'Fairness check'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
