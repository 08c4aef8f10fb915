import { expect, test, waitForEmulator } from '../fixtures/sign-in';
import { secondVisitor } from '../fixtures/market';
import { buyBox, signInTo } from '../fixtures/purchase';
import { boxOnSale } from '../fixtures/catalogue';
import { waitForLive } from '../fixtures/site';

// A collector's pulls in the live room, as a visitor sees them: against the real API (in-memory
// database), the Auth emulator and the sandbox payment page.

test.beforeAll(async () => {
  test.setTimeout(200_000);
  await waitForEmulator();
});

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test("a pull cannot be traced to its collector until they let the live room show them; home's Live now shows it as it happens", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const handle = `lark_${stamp}`.slice(0, 20);

  // A visitor, signed out, keeps home open.
  const watcher = await secondVisitor(browser);
  await watcher.goto('/');
  await waitForLive(watcher);

  // The collector: a shop name is refused before it is sent, a handle of their own is taken.
  await signInTo(page, '/profile', { email: `private-${stamp}@example.test`, displayName: 'QA private' });
  const field = page.getByRole('textbox', { name: 'Handle' });
  await field.fill('Off1cial_');
  await page.getByRole('button', { name: 'Save handle' }).click();
  await expect(field).toHaveAccessibleDescription(/too close to a name the shop keeps for its own accounts/);
  await field.fill(handle);
  await page.getByRole('button', { name: 'Save handle' }).click();
  await expect(page.getByText(`Others see you as @${handle}.`)).toBeVisible();
  const visible = page.getByRole('checkbox', { name: 'Show my handle in the live room' });
  await expect(visible).not.toBeChecked();
  await expect(visible).toHaveAccessibleDescription(
    /^This changes how your past pulls and purchases are shown too, not only new ones\./,
  );

  // Hidden: the pull reaches home's Live now without a reload, as "a collector", with no proof link.
  const { figure } = await buyBox(page, (await boxOnSale(page)).id);
  const liveNow = watcher.getByRole('region', { name: 'Live now' });
  const hidden = liveNow
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^a collector pulled ${escaped(figure)} `) })
    .first();
  await expect(hidden).toBeVisible();
  await expect(hidden.getByRole('link', { name: 'check the draw' })).toHaveCount(0);
  await expect(liveNow).not.toContainText(handle);

  // Shown: the same past pull now carries the handle and a proof link a signed-out visitor can open.
  await page.goto('/profile');
  await visible.check();
  await expect(page.getByText(`Your pulls and purchases show as @${handle}.`)).toBeVisible();
  await watcher.goto('/live');
  const shown = watcher
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${handle} pulled ${escaped(figure)} `) })
    .first();
  await shown.getByRole('link', { name: 'check the draw' }).click();
  await expect(watcher).toHaveURL(/\/mysterybox\/test\?draw=[A-Za-z0-9_-]{22}$/);
  await expect(watcher.getByText(/was made with a server seed that is still in use/)).toContainText(figure);
  await watcher.context().close();
});
