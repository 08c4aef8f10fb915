import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  emulatorAccounts,
  expect,
  signInThroughPopup,
  test,
  waitForEmulator,
  type TestIdentity,
} from '../fixtures/sign-in';

const PROVIDERS = [
  { provider: 'google', label: 'Continue with Google', providerId: 'google.com' },
  { provider: 'apple', label: 'Continue with Apple', providerId: 'apple.com' },
  { provider: 'facebook', label: 'Continue with Facebook', providerId: 'facebook.com' },
] as const;

// One emulator serves every test file: these run one after another, with identities of this run
// only, and never clear accounts (the mystery box tests may be signed in at the same time).
test.describe.configure({ mode: 'default' });
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.beforeAll(async () => {
  test.setTimeout(200_000);
  await waitForEmulator();
});

function identity(name: string): TestIdentity {
  return { email: `${name}-${RUN}@example.test`, displayName: `QA ${name}` };
}

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** The one emulator account of this identity, signed in with the provider. */
async function accountOf(who: TestIdentity, providerId: string) {
  const accounts = await emulatorAccounts(who.email);
  expect(accounts).toHaveLength(1);
  expect(accounts[0]?.providerUserInfo?.map((info) => info.providerId)).toEqual([providerId]);
  expect(accounts[0]?.displayName).toBe(who.displayName);
  return accounts[0]!.localId;
}

for (const { provider, label, providerId } of PROVIDERS) {
  test(`signs in with ${provider} through the popup, is the same user in a remote, and logs out`, async ({
    page,
  }) => {
    const who = identity(`${provider}-visitor`);
    await page.goto('/');
    const drawer = await openDrawer(page);
    await signInThroughPopup(page, drawer.getByRole('button', { name: label }), who);

    // Success closes the drawer; the header shows the signed-in visitor.
    await expect(drawer).toBeHidden();
    const uid = await accountOf(who, providerId);
    // The header names the visitor as the provider does; the uid stays on the drawer's "Uid:" line.
    await expect(page.getByTestId('user-button')).toHaveAttribute(
      'aria-label',
      `Account: ${who.displayName}`,
    );
    expect(await page.getByTestId('user-button').getAttribute('aria-label')).not.toContain(uid);
    await expect(page.getByRole('link', { name: 'Log In/Sign Up' })).toHaveCount(0);
    await openDrawer(page);
    await expect(page.getByRole('region', { name: 'Your account' })).toContainText(`Uid: ${uid}`);
    await page.keyboard.press('Escape');

    // The user id is saved for the payment flow and under user_id.
    const saved = await page.evaluate(() => ({
      userId: localStorage.getItem('user_id'),
      paymentUserid: (JSON.parse(localStorage.getItem('payment') ?? '{}') as { state?: { userid?: string } })
        .state?.userid,
    }));
    expect(saved).toEqual({ userId: uid, paymentUserid: uid });

    // A remote reads the same auth store.
    await page.getByTestId('user-button').click();
    await expect(page.locator('[data-owner="mf_account"][data-route="locker"]')).toBeVisible();
    await expect(page.getByTestId('visitor')).toHaveText(`Signed in as ${who.displayName} (${who.email})`);

    // Log out from the drawer: signed out everywhere, user_id stored empty.
    const again = await openDrawer(page);
    await again.getByRole('button', { name: 'log out' }).click();
    await expect(again).toBeHidden();
    await expect(page.getByRole('link', { name: 'Log In/Sign Up' })).toBeVisible();
    await expect(page.getByTestId('visitor')).toHaveText('Signed out');
    expect(await page.evaluate(() => localStorage.getItem('user_id'))).toBe('');
    await openDrawer(page);
    await expect(
      page.getByRole('region', { name: 'Sign in' }).getByRole('button', { name: label }),
    ).toBeEnabled();
  });
}

test('the /login page signs in and returns to where the visitor came from', async ({ page }) => {
  const who = identity('login-page');
  await page.goto('/gallery');
  await expect(page.locator('[data-owner="mf_gallery"]')).toBeVisible();
  await page.getByRole('link', { name: 'Log In/Sign Up' }).click();
  const login = page.locator('[data-owner="mf_account"][data-route="login"]');
  await expect(login.getByRole('heading', { level: 1 })).toHaveText('Log in or sign up');

  await signInThroughPopup(page, login.getByRole('button', { name: 'Continue with Facebook' }), who);

  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.locator('[data-owner="mf_gallery"]')).toBeVisible();
  await accountOf(who, 'facebook.com');
  await expect(page.getByTestId('user-button')).toHaveAttribute('aria-label', `Account: ${who.displayName}`);
});

test('the locker sends a signed-out visitor to /login and back to the locker', async ({ page }) => {
  const who = identity('locker-return');
  await page.goto('/locker');
  // The locker needs an account: it sends the visitor on to /login by itself.
  await expect(page).toHaveURL(/\/login\?return_to=%2Flocker$/);
  await signInThroughPopup(
    page,
    page.getByRole('main').getByRole('button', { name: 'Continue with Apple' }),
    who,
  );
  await expect(page).toHaveURL(/\/locker$/);
  await accountOf(who, 'apple.com');
  await expect(page.getByTestId('visitor')).toHaveText(`Signed in as ${who.displayName} (${who.email})`);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('a returning visitor is still signed in after a reload', async ({ page }) => {
  const who = identity('returning');
  await page.goto('/');
  const drawer = await openDrawer(page);
  await signInThroughPopup(page, drawer.getByRole('button', { name: 'Continue with Google' }), who);
  // Signed in (the account exists once the page shows it).
  await expect(page.getByTestId('user-button')).toBeVisible();
  await accountOf(who, 'google.com');

  // Whether "Log In/Sign Up" ever shows during the reload: it must not, even for a moment. (The
  // served header holds it, hidden where scripts run, for visitors without JavaScript.)
  await page.addInitScript(() => {
    const seen = { login: false };
    (window as Window & { __loginShown?: typeof seen }).__loginShown = seen;
    new MutationObserver(() => {
      if (
        [...document.querySelectorAll('header a')].some(
          (link) =>
            link.textContent === 'Log In/Sign Up' && link.checkVisibility({ visibilityProperty: true }),
        )
      )
        seen.login = true;
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
  await page.reload();
  // The Firebase SDK loads after the first paint and restores the session from its own storage;
  // until then the header's account slot shows neither state.
  await expect(page.getByTestId('user-button')).toHaveAttribute('aria-label', `Account: ${who.displayName}`);
  expect(
    await page.evaluate(() => (window as Window & { __loginShown?: { login: boolean } }).__loginShown?.login),
  ).toBe(false);
});

test('closing the popup is not an error: no alert, the buttons come back at once, and another sign-in works', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const appleAccounts = async () =>
    (await emulatorAccounts()).filter((account) =>
      account.providerUserInfo?.some((info) => info.providerId === 'apple.com'),
    ).length;
  const before = await appleAccounts();
  await page.goto('/');
  const drawer = await openDrawer(page);
  const popupOpened = page.waitForEvent('popup');
  await drawer.getByRole('button', { name: 'Continue with Apple' }).click();
  const popup = await popupOpened;
  await expect(drawer.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
  // The SDK notices a closed popup only when its own wait runs out (about 10 s later) and says so
  // on the console; the page watches the window itself, so its buttons come back before that.
  let sdkGaveUp = false;
  const sdkGivesUp = page
    .waitForEvent('console', {
      predicate: (message) => message.text().includes('auth/popup-closed-by-user'),
      timeout: 30_000,
    })
    .then(() => {
      sdkGaveUp = true;
    });
  await popup.close();

  for (const { label } of PROVIDERS) await expect(drawer.getByRole('button', { name: label })).toBeEnabled();
  expect(sdkGaveUp, 'the buttons waited for the SDK to give up').toBe(false);
  await expect(drawer.getByRole('button', { name: 'Signing in…' })).toHaveCount(0);
  await expect(drawer.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Log In/Sign Up' })).toBeVisible();
  expect(await appleAccounts()).toBe(before);

  // The SDK's late failure shows nothing and changes nothing.
  await sdkGivesUp;
  await expect(drawer.getByRole('button', { name: 'Continue with Apple' })).toBeEnabled();
  await expect(drawer.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Log In/Sign Up' })).toBeVisible();

  // Another sign-in then completes as usual.
  const who = identity('after-closed-popup');
  await signInThroughPopup(page, drawer.getByRole('button', { name: 'Continue with Google' }), who);
  await expect(drawer).toBeHidden();
  await accountOf(who, 'google.com');
  await expect(page.getByTestId('user-button')).toHaveAttribute('aria-label', `Account: ${who.displayName}`);
  expect(await appleAccounts()).toBe(before);
});

test('the shell and mf-account share one auth module and one event bus', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Log In/Sign Up' }).click();
  await expect(
    page
      .locator('[data-owner="mf_account"][data-route="login"]')
      .getByRole('button', { name: 'Continue with Google' }),
  ).toBeEnabled();
  const providers = await page.evaluate(
    (names) => {
      type ShareInfo = { from: string; loaded?: boolean };
      const share = (
        window as unknown as {
          __FEDERATION__: {
            __SHARE__: Record<string, Record<string, Record<string, Record<string, ShareInfo>>>>;
          };
        }
      ).__FEDERATION__.__SHARE__;
      const loadedFrom = (name: string) =>
        Object.values(share).flatMap((scopes) =>
          Object.entries(scopes.default?.[name] ?? {})
            .filter(([, info]) => info.loaded)
            .map(([version, info]) => `${info.from}@${version}`),
        );
      return Object.fromEntries(names.map((name) => [name, [...new Set(loadedFrom(name))]]));
    },
    ['@arttoy/shared/auth', '@arttoy/shared/events'],
  );
  // The Firebase SDK is imported by @arttoy/shared/auth alone, so one copy of the module means one Firebase app and Auth.
  // Shared at @arttoy/shared's own version (a change that breaks a remote raises its major).
  const shared = JSON.parse(fs.readFileSync(path.join(__dirname, '../../shared/package.json'), 'utf8')) as {
    version: string;
  };
  expect(providers['@arttoy/shared/auth']).toEqual([`shell@${shared.version}`]);
  // The events reach the page through the shell's auth module; any app that asks for them by name gets the shell's too.
  expect(providers['@arttoy/shared/events']?.every((provider) => provider.startsWith('shell@'))).toBe(true);
});
