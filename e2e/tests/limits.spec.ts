import { boxOnSale } from '../fixtures/catalogue';
import { newIdentity, signInTo } from '../fixtures/purchase';
import { expect, test, waitForEmulator } from '../fixtures/sign-in';

// The rules a buyer sets for mystery boxes, against the real API (in-memory database) and the Auth
// emulator: the box page explains each refusal and leads to the profile, where they are set.

test.beforeAll(async () => {
  test.setTimeout(200_000);
  await waitForEmulator();
});

test('a first box asks for the date of birth; a limit, then a break, refuse the next in plain words', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const box = await boxOnSale(page);
  await signInTo(page, `/mysterybox/${box.id}`, newIdentity('limits'));
  await expect(page.getByTestId('server-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);

  // The age gate: refused by the API, explained, and the way to confirm once.
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page.getByRole('alert')).toContainText('Please confirm your age first.');
  await page.getByRole('link', { name: 'Confirm your date of birth' }).click();
  await expect(page).toHaveURL(/\/profile#limits$/);
  const section = page.getByRole('region', { name: 'Limits and breaks' });
  await section.getByLabel('Date of birth').fill('1990-06-15');
  await section.getByRole('button', { name: 'Confirm date of birth' }).click();
  await expect(section.getByTestId('age-confirmed')).toContainText('you may buy mystery boxes');

  // A daily limit below the box's price: lowered, so it applies at once.
  await section.getByRole('textbox', { name: 'Daily limit (USD)' }).fill('1.00');
  await section.getByRole('button', { name: 'Save limits' }).click();
  await expect(section.getByText('Your limits are saved.')).toBeVisible();
  await expect(section.getByTestId('limit-day')).toContainText('Spent today: $0.00 of $1.00.');
  await page.goto(`/mysterybox/${box.id}`);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page.getByRole('alert')).toContainText('This box would go over your limit for today.');

  // A break, confirmed as final: the next box is refused with its end.
  await page.getByRole('link', { name: 'See your limits' }).click();
  await section.getByRole('radio', { name: '24 hours' }).check();
  await section.getByRole('button', { name: 'Take a break for 24 hours' }).click();
  await expect(section.getByRole('alertdialog')).toContainText('This cannot be undone.');
  await section.getByRole('button', { name: 'Yes, take a break for 24 hours' }).click();
  await expect(section.getByTestId('break-until')).toContainText('It cannot be ended early');
  await page.goto(`/mysterybox/${box.id}`);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page.getByRole('alert')).toContainText('You are taking a break.');
});
