import { expect, setSignedInUser, test } from '../fixtures/site';

const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'zustand',
  'single-spa',
  '@arttoy/shared/consent',
  '@arttoy/shared/contracts',
  '@arttoy/shared/federation',
  '@arttoy/shared/stores',
  '@arttoy/shared/ui',
];

test('one copy of React, react-dom, zustand, single-spa and the shared package serves every app', async ({
  page,
}) => {
  await page.goto('/');
  const header = page.getByRole('navigation', { name: 'Main' });
  await header.getByRole('link', { name: 'Gallery' }).click();
  await expect(page.locator('[data-owner="mf_gallery"]')).toBeVisible();
  await header.getByRole('link', { name: 'Blog' }).click();
  await expect(page.locator('[data-owner="mf_blog"]')).toBeVisible();
  await page.getByRole('link', { name: 'Log In/Sign Up' }).click();
  await expect(page.locator('[data-owner="mf_account"]')).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page.locator('[data-owner="mf_rules"]')).toBeVisible();
  await page.goto('/mysterybox/7');
  await expect(page.locator('[data-owner="mf_mysterybox"]')).toBeVisible();

  const providers = await page.evaluate((names) => {
    type ShareInfo = { from: string; loaded?: boolean };
    const share = (
      window as unknown as {
        __FEDERATION__: {
          __SHARE__: Record<string, Record<string, Record<string, Record<string, ShareInfo>>>>;
        };
      }
    ).__FEDERATION__.__SHARE__;
    const result: Record<string, string[]> = {};
    for (const name of names) {
      const seen = new Set<string>();
      for (const scopes of Object.values(share)) {
        for (const [version, info] of Object.entries(scopes.default?.[name] ?? {})) {
          if (info.loaded) seen.add(`${info.from}@${version}`);
        }
      }
      result[name] = [...seen];
    }
    return result;
  }, SINGLETONS);
  for (const name of SINGLETONS) {
    expect(providers[name], name).toHaveLength(1);
    expect(providers[name]?.[0], name).toMatch(/^shell@/);
  }
  const storeCopies = await page.evaluate(
    () => (window as unknown as { __ARTTOY_SINGLETONS__: Record<string, number> }).__ARTTOY_SINGLETONS__,
  );
  expect(storeCopies).toEqual({ '@arttoy/shared/consent': 1, '@arttoy/shared/stores': 1 });
});

test('a store value set in the shell reaches a remote, and a remote change reaches the shell', async ({
  page,
}) => {
  // mf_account's /login shows the sign-in buttons, or who is signed in, from the page's one auth store.
  await page.goto('/login');
  await expect(
    page.locator('[data-owner="mf_account"][data-route="login"]').getByRole('heading', { level: 1 }),
  ).toHaveText('Log in or sign up');
  await expect(page.getByTestId('visitor')).toHaveCount(0);

  await setSignedInUser(page, { uid: 'qa-visitor-7', displayName: 'QA Visitor', email: 'qa@example.test' });
  await expect(page.getByTestId('visitor')).toHaveText('Signed in as QA Visitor (qa@example.test)');
  await expect(page.getByTestId('user-button')).toBeVisible();

  await page.getByTestId('user-button').click();
  await expect(page.locator('[data-owner="mf_account"][data-route="locker"]')).toBeVisible();
  await expect(page.getByTestId('visitor')).toHaveText('Signed in as QA Visitor (qa@example.test)');

  // The remote signs out; the shell's header follows.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log In/Sign Up' })).toBeVisible();
  await expect(page.getByTestId('user-button')).toHaveCount(0);
  await expect(page.getByTestId('visitor')).toHaveText('Signed out');
  expect(await page.evaluate(() => localStorage.getItem('user_id'))).toBe('');
});
