import { AxeBuilder } from '@axe-core/playwright';
import { expectNoSeriousViolations } from '../fixtures/axe';
import type { Page } from '@playwright/test';
import { NO_SIGN_IN_PORT } from '../playwright.config';
import { expect, test } from '../fixtures/site';

const SIGN_IN_BUTTONS = ['Continue with Apple', 'Continue with Google', 'Continue with Facebook'];

/** The share scope's providers of the page-wide modules, the singleton tally and the auth store's flags. */
async function sharedModuleState(page: Page) {
  return page.evaluate(async () => {
    type Share = { from: string; loaded?: boolean };
    type Instance = {
      name: string;
      shareScopeMap: Record<string, Record<string, Record<string, Share>>>;
      loadShare: (name: string) => Promise<false | (() => { authStore: { getState: () => object } })>;
    };
    const global = window as unknown as {
      __FEDERATION__: { __INSTANCES__: Instance[] };
      __ARTTOY_SINGLETONS__?: unknown;
    };
    const shell = global.__FEDERATION__.__INSTANCES__.find((instance) => instance.name === 'shell');
    const scope = shell?.shareScopeMap.default ?? {};
    const providers = (name: string) =>
      Object.entries(scope[name] ?? {}).map(
        ([version, share]) => `${version} from ${share.from}${share.loaded ? ' (loaded)' : ''}`,
      );
    const factory = await shell?.loadShare('@arttoy/shared/stores');
    return {
      instances: global.__FEDERATION__.__INSTANCES__.map((instance) => instance.name),
      stores: providers('@arttoy/shared/stores'),
      auth: providers('@arttoy/shared/auth'),
      singletons: global.__ARTTOY_SINGLETONS__,
      authState: factory ? factory().authStore.getState() : null,
      ready: document.getElementById('root')?.hasAttribute('data-shell-ready'),
    };
  });
}

test.describe('the shell chrome', () => {
  test('the drawer lists the sections in order, closes on Escape and returns focus', async ({ page }) => {
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: 'Menu' }).getByRole('link')).toHaveText([
      'Home',
      'Mystery Box',
      'Gallery',
      'blog',
      'Help Center',
    ]);

    // Signed out, with sign-in configured (the local emulator): the providers are offered.
    await expect(drawer.getByRole('region', { name: 'Sign in' }).getByRole('button')).toHaveText(
      SIGN_IN_BUTTONS,
    );
    for (const label of SIGN_IN_BUTTONS)
      await expect(drawer.getByRole('button', { name: label })).toBeEnabled();

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('the drawer is full-screen and a tapped entry navigates and closes it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    const box = await drawer.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await drawer.getByRole('link', { name: 'Gallery' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.locator('[data-owner="mf_gallery"]')).toBeVisible();
  });

  test('focus stays inside the open drawer', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      const inside = await drawer.evaluate((element) => element.contains(document.activeElement));
      expect(inside).toBe(true);
    }
  });

  test('the search overlay opens from the header with its title and input', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Search' }).click();
    const overlay = page.getByRole('dialog', { name: 'Search' });
    await expect(overlay.getByRole('heading', { name: 'Search' })).toBeVisible();
    const input = overlay.getByRole('combobox', { name: 'Search the blog, the help pages and the gallery' });
    await expect(input).toBeFocused();
    await input.fill('qzxqzx');
    await expect(overlay.getByText('No results for “qzxqzx”. Try fewer or other words.')).toBeVisible();
    // Escape closes the overlay (results are searched in content.spec.ts).
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
    await expect(page.getByRole('button', { name: 'Search' })).toBeFocused();
  });

  test('the footer opens external links in a new tab, safely', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const label of [
      'Get it on Google Play',
      'Download on the App Store',
      'Instagram',
      'TikTok',
      'Facebook',
      'Threads',
    ]) {
      const link = footer.getByRole('link', { name: label });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(footer.getByRole('link', { name: 'support@arttoy.club' })).toHaveAttribute(
      'href',
      'mailto:support@arttoy.club',
    );
    // From 2025 (the spec's year) to the year of the clock, in UTC as the footer counts it.
    const year = new Date().getUTCFullYear();
    await expect(footer).toContainText(`© ${year > 2025 ? `2025–${year}` : '2025'} ArtToy Club`);
  });

  test('a marketing alias is recorded as the entry channel', async ({ page }) => {
    await page.goto('/tiktoktoy/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Art toys, drawn fairly.');
    const channel = await page.evaluate(() => JSON.parse(sessionStorage.getItem('entry_channel') ?? 'null'));
    expect(channel).toMatchObject({ channel: 'tiktoktoy' });
  });

  test('pagination pages are links with the page in the URL', async ({ page }) => {
    await page.goto('/pag-demo');
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/pag-demo\?page=2$/);
    await expect(page.getByText('Page 2 of 12.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });
});

// The same build served without Firebase settings and with AUTH_EMULATOR=off (a second site server, see playwright.config.ts).
test.describe('the site icons', () => {
  test('the tab shows the site favicon: linked from the head, served, and no request for an icon fails', async ({
    page,
  }) => {
    const failed: string[] = [];
    page.on('response', (response) => {
      if (
        response.status() >= 400 &&
        /\/(favicon|icons\/|apple-touch-icon)/.test(new URL(response.url()).pathname)
      )
        failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/');
    const svg = page.locator('head link[rel="icon"][type="image/svg+xml"]');
    await expect(svg).toHaveCount(1);
    const links = [
      [await svg.getAttribute('href'), 'image/svg+xml'],
      [await page.locator('head link[rel="icon"][type="image/png"]').getAttribute('href'), 'image/png'],
      [await page.locator('head link[rel="apple-touch-icon"]').getAttribute('href'), 'image/png'],
      [await page.locator('head link[rel="manifest"]').getAttribute('href'), 'application/manifest+json'],
    ];
    for (const [href, type] of links) {
      expect(href).toMatch(/^\/icons\//);
      const response = await page.request.get(href ?? '');
      expect([href, response.status(), response.headers()['content-type']]).toEqual([href, 200, type]);
    }
    const manifest = (await (await page.request.get(links[3]?.[0] ?? '')).json()) as {
      icons: { src: string }[];
    };
    for (const icon of manifest.icons)
      expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
    expect((await page.request.get('/favicon.ico')).headers()['content-type']).toBe('image/x-icon');
    // The browser takes the linked favicon instead of asking for /favicon.ico and getting the 404 page.
    await page.locator('#root[data-shell-ready]').waitFor({ state: 'attached' });
    expect(failed).toEqual([]);
  });
});

test.describe('the shell without sign-in settings', () => {
  const site = `http://localhost:${NO_SIGN_IN_PORT}`;

  test('names the missing Firebase settings in the console', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.goto(`${site}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(messages).toContain(
      'Firebase config is missing: apiKey, authDomain, projectId, storageBucket, messagingSenderId, appId',
    );
  });

  test('offers the providers disabled, says why, and the rest of the site works', async ({ page }) => {
    await page.goto(`${site}/`);
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    try {
      for (const label of SIGN_IN_BUTTONS)
        await expect(drawer.getByRole('button', { name: label })).toBeDisabled();
    } catch (error) {
      // Which copies of the shared modules the page runs, and what the store the shell reads says.
      throw new Error(`${String(error)}\npage state: ${JSON.stringify(await sharedModuleState(page))}`, {
        cause: error,
      });
    }
    await expect(
      drawer.getByText('Sign-in is not available right now. You can keep browsing.'),
    ).toBeVisible();
    await drawer.getByRole('link', { name: 'Gallery' }).click();
    await expect(page.locator('[data-owner="mf_gallery"]')).toBeVisible();
  });

  test('the /login page offers the providers disabled too', async ({ page }) => {
    await page.goto(`${site}/login`);
    const options = page.getByRole('main').getByRole('region', { name: 'Sign in' });
    for (const label of SIGN_IN_BUTTONS)
      await expect(options.getByRole('button', { name: label })).toBeDisabled();
    await expect(
      page.getByRole('main').getByText('Sign-in is not available right now. You can keep browsing.'),
    ).toBeVisible();
  });
});

test.describe('accessibility of the shell pages', () => {
  for (const path of ['/', '/pag-demo', '/skeleton-demo', '/no/such/page', '/mysterybox/not-a-number']) {
    test(`no serious axe violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }

  test('no serious axe violations in the open drawer', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
  });
});
