import { readFile } from 'node:fs/promises';
import { expect, test, waitForEmulator } from '../fixtures/sign-in';
import { buyBox, signInTo } from '../fixtures/purchase';
import { boxOnSale } from '../fixtures/catalogue';

// A visitor's data, end to end against the real API (in-memory database) and the Auth emulator: the
// export downloaded from the profile, then the account deleted, confirmed twice.

test.beforeAll(async () => {
  test.setTimeout(200_000);
  await waitForEmulator();
});

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('downloads my data from the profile, then deletes the account after typing the handle', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const handle = `kept_${stamp}`.slice(0, 20);
  const email = `my-data-${stamp}@example.test`;
  await signInTo(page, '/profile', { email, displayName: 'QA my data' });
  await page.getByRole('textbox', { name: 'Handle' }).fill(handle);
  await page.getByRole('button', { name: 'Save handle' }).click();
  await expect(page.getByText(`Others see you as @${handle}.`)).toBeVisible();
  const { figure } = await buyBox(page, (await boxOnSale(page)).id);

  // The export: asked for, made, and downloaded once.
  await page.goto('/profile');
  const data = page.getByRole('region', { name: 'Your data' });
  await data.getByRole('button', { name: 'Download my data' }).click();
  const json = data.getByRole('button', { name: 'Download the data (JSON)' });
  const [download] = await Promise.all([page.waitForEvent('download'), json.click()]);
  expect(download.suggestedFilename()).toBe('arttoy-my-data.json');
  const file = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
    account: { email: string; handle: string };
    orders: unknown[];
    draws: { figure: string }[];
  };
  expect(file.account).toMatchObject({ email, handle });
  expect(file.orders).toHaveLength(1);
  expect(file.draws.map((draw) => draw.figure)).toEqual([figure]);
  await expect(json).toHaveCount(0);

  // The deletion: the handle typed, then the account gone and the visitor signed out.
  const removal = page.getByRole('region', { name: 'Delete my account' });
  await removal.getByRole('button', { name: 'Delete my account…' }).click();
  const confirm = removal.getByRole('button', { name: 'Delete forever' });
  await expect(confirm).toBeDisabled();
  await removal.getByRole('textbox', { name: `Type your handle, ${handle}, to confirm` }).fill(handle);
  await confirm.click();
  await expect(page.getByText('Your account was deleted, and you are signed out.')).toBeVisible();
  await page.goto('/live');
  await expect(page.getByRole('main')).not.toContainText(handle);
});
