import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
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
const BUYER = { email: `buyer-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`, displayName: 'QA Buyer' };

/** Fails on serious or critical axe findings, naming each with the elements concerned. */
async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A box with stock, from the catalogue API. */
async function boxOnSale(page: Page): Promise<{ id: number; name: string }> {
  const list = (await (await page.request.get('/api/box-models?pageSize=100')).json()) as { items: { id: number; name: string; stock: number }[] };
  const box = list.items.find((item) => item.stock > 1);
  if (!box) throw new Error('The seeded catalogue has no box in stock: check api/src/db/seed.');
  return box;
}

test('sign in, buy a box with the sandbox provider, see the reveal, find the figure in the locker, verify its draw and ship it', async ({ page }) => {
  test.setTimeout(120_000);
  const box = await boxOnSale(page);

  // The box page: odds of every figure, then sign in from the buy button and come back.
  await page.goto(`/mysterybox/${box.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(box.name);
  await expect(page.getByRole('list', { name: 'Figures and their odds' }).getByRole('listitem').first()).toBeVisible();
  await page.getByRole('button', { name: 'Log in to buy' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?return_to=%2Fmysterybox%2F${box.id}$`));
  await signInThroughPopup(page, page.getByRole('main').getByRole('button', { name: 'Continue with Google' }), BUYER);
  await expect(page).toHaveURL(new RegExp(`/mysterybox/${box.id}$`));
  await expect(page.getByTestId('server-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await expectNoSeriousAxeViolations(page);

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
  const reveal = page.getByRole('heading', { name: /^You got .+!$/ });
  await expect(reveal).toBeFocused();
  const figure = (await reveal.textContent())?.replace(/^You got (.+)!$/, '$1') ?? '';

  // The locker shows it.
  await page.getByRole('link', { name: 'Go to my locker' }).click();
  await expect(page).toHaveURL(/\/locker$/);
  const item = page.getByRole('list', { name: 'Your figures' }).getByRole('listitem').filter({ hasText: figure });
  await expect(item).toContainText('In your locker');
  await expectNoSeriousAxeViolations(page);

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

  // Ship it home.
  await page.goto('/locker');
  await item.getByRole('checkbox', { name: `${figure}: Choose for shipping` }).check();
  await page.getByRole('button', { name: 'Ship 1 home' }).click();
  const form = page.getByRole('form', { name: 'Ship 1 figure home' });
  await form.getByLabel('Full name').fill('QA Buyer');
  await form.getByLabel('Street and number').fill('12 Market Street');
  await form.getByLabel('City').fill('London');
  await form.getByLabel('Postal code').fill('N1 9GU');
  await form.getByLabel('Country code').fill('GB');
  await form.getByLabel('Phone').fill('+44 20 7946 0000');
  await form.getByRole('button', { name: 'Request shipping' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Shipping requested for 1 figure' })).toBeVisible();
  await expect(item).toContainText('Ship requested');
  await expect(page.getByRole('region', { name: 'Shipping requests' })).toContainText('Requested');
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
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
