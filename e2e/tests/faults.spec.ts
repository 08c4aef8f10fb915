/**
 * Browser faults beyond containment.spec.ts (a dead remote entry): slow entries, a chunk failing
 * mid-navigation, the API down or slow on every main page, the Auth emulator unreachable, a broken
 * build manifest, and the connection lost and back. Every fault is made with request interception.
 */
import type { Page, Route } from '@playwright/test';
import { AUTH_EMULATOR_URL } from '@arttoy/shared/auth/emulator';
import { routeGoogleScriptHost } from '../fixtures/sign-in';
import { expect, expectSameDocument, markDocument, openInPage, remoteEntries, test } from '../fixtures/site';

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A box of the seeded catalogue, for the box page. */
async function aBox(page: Page): Promise<{ id: number; name: string }> {
  const list = (await (await page.request.get('/api/box-models?pageSize=100')).json()) as {
    items: { id: number; name: string }[];
  };
  const box = list.items[0];
  if (!box) throw new Error('The seeded catalogue has no box: check api/src/seed.');
  return box;
}

/** Where a document load happened: proves how often the reload guard reloaded. */
function recordDocumentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame())
      loads.push(new URL(request.url()).pathname);
  });
  return loads;
}

/**
 * Holds a remote's entry back until the test calls `release` (at the latest after 6 s, inside the
 * federation runtime's 8 s script timeout); `answered` says whether it has answered. A gate the test
 * opens, not a fixed delay: a slow machine cannot make the entry answer before the test has looked.
 */
async function holdEntry(page: Page, name: string): Promise<{ answered: boolean; release: () => void }> {
  const entries = await remoteEntries(page);
  let release = (): void => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const entry = { answered: false, release };
  await page.route(`**${entries[name]}`, async (route) => {
    await Promise.race([released, delay(6000)]);
    entry.answered = true;
    await route.continue();
  });
  return entry;
}

test.describe('a slow remote entry', () => {
  const REMOTE_PAGES = [
    ['mf_gallery', '/gallery'],
    ['mf_blog', '/blog/list'],
    ['mf_mysterybox', '/mysterybox'],
    ['mf_account', '/login'],
    ['mf_rules', '/help'],
  ] as const;
  for (const [name, path] of REMOTE_PAGES) {
    test(`${name} answering late: a navigation shows a loading state, then its page`, async ({ page }) => {
      const entry = await holdEntry(page, name);
      await openInPage(page, path);
      await expect(page.getByRole('status', { name: 'Loading this page' })).toBeVisible();
      expect(entry.answered).toBe(false);
      entry.release();
      await expect(page.locator(`[data-owner="${name}"]`)).toBeVisible();
      expect(entry.answered).toBe(true);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expectSameDocument(page);
    });

    test(`${name} answering late: a first load shows the server's page at once, and it comes alive once the entry answers`, async ({
      page,
    }) => {
      const entry = await holdEntry(page, name);
      // Not waiting for the load event: the document preloads the entry held back here.
      await page.goto(path, { waitUntil: 'commit' });
      await expect(page.locator(`[data-owner="${name}"]`)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(entry.answered).toBe(false);
      entry.release();
      await expect.poll(() => entry.answered).toBe(true);
      await expect(page.locator(`[data-owner="${name}"]`)).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  }
});

test('a page chunk failing mid-navigation reloads once, is contained, and its retry loads it without a reload', async ({
  page,
}) => {
  // The series page's own chunk (the one that renders its line-up) goes missing once the gallery is open.
  let chunkMissing = true;
  const galleryCode = '**/mf-gallery/**/*.js';
  await page.route(galleryCode, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (chunkMissing && body.includes('The line-up')) await route.fulfill({ status: 404, body: 'Not Found' });
    else await route.fulfill({ response, body });
  });
  const documentLoads = recordDocumentLoads(page);
  await page.goto('/gallery');
  const link = page.getByRole('region', { name: 'All series' }).getByRole('link').first();
  const target = new URL((await link.getAttribute('href'))!, page.url()).pathname;
  await link.click();

  // The missing chunk may be a deploy that replaced it: one fresh load of the target, then the fallback.
  const fallback = page.getByTestId('fallback-mf-gallery');
  await expect(fallback).toBeVisible();
  await expect(fallback.getByRole('heading')).toHaveText('The gallery could not be loaded');
  expect(documentLoads).toEqual(['/gallery', target]);
  await markDocument(page);

  // The rest of the site works.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page.locator('[data-owner="mf_blog"]')).toBeVisible();
  await page.goBack();
  await expect(fallback).toBeVisible();

  // The chunk is back: retry shows the series page in this same document.
  chunkMissing = false;
  await fallback.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('[data-owner="mf_gallery"][data-route="gallery-series-style"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(fallback).toHaveCount(0);
  await expectSameDocument(page);
  expect(documentLoads).toEqual(['/gallery', target]);
});

test.describe('the API down or slow', () => {
  const PAGES: {
    name: string;
    path: (page: Page) => Promise<string>;
    heading: (page: Page) => Promise<string>;
  }[] = [
    { name: 'the gallery', path: async () => '/gallery', heading: async () => 'Gallery' },
    {
      name: 'a series',
      path: async () => '/gallery/series/cloud-bakery',
      heading: async () => 'Cloud Bakery',
    },
    {
      name: 'a figure',
      path: async () => '/gallery/style/detail/cloud-bakery-croissant-cub',
      heading: async () => 'Croissant Cub',
    },
    { name: 'the blog list', path: async () => '/blog/list', heading: async () => 'The ArtToy Club blog' },
    {
      name: 'a post',
      path: async () => '/blog/how-our-draws-are-fair',
      heading: async () => 'How our draws are fair, and how to check one yourself',
    },
    {
      name: 'a rules page',
      path: async () => '/rules/authenticity',
      heading: async () => 'Authenticity guarantee',
    },
    { name: 'the help center', path: async () => '/help', heading: async () => 'Help Center' },
    { name: 'the box list', path: async () => '/mysterybox', heading: async () => 'Mystery boxes' },
    {
      name: 'a box page',
      path: async (page) => `/mysterybox/${(await aBox(page)).id}`,
      heading: async (page) => (await aBox(page)).name,
    },
  ];
  // The API, and the pages' payloads the site server reads from it (with the API down, a payload has nothing to give).
  const API = (url: URL) => url.pathname.startsWith('/api/') || url.pathname.endsWith('/_payload.json');

  for (const { name, path, heading } of PAGES) {
    test(`${name}: a clear message and a retry while the API answers 503 or is unreachable, the page once it is back`, async ({
      page,
    }) => {
      const [url, title] = [await path(page), await heading(page)];
      let failure: 'unavailable' | 'refused' = 'unavailable';
      await page.route(API, (route: Route) =>
        failure === 'unavailable'
          ? route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: JSON.stringify({
                error: { code: 'unavailable', message: 'The API is down for a moment.' },
              }),
            })
          : route.abort('connectionrefused'),
      );
      // A navigation: the first document would bring the page's data with it.
      await openInPage(page, url);
      const alert = page.getByRole('main').getByRole('alert').first();
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(/could not|trouble|try again/i);
      await expect(page.getByRole('banner')).toBeVisible();
      await markDocument(page);

      // Retried while the server is still unreachable: the message again, never a blank page.
      failure = 'refused';
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('main').getByRole('alert').first()).toBeVisible();

      await page.unroute(API);
      // A page may have several parts that failed on their own (the gallery's styles, newest and all series).
      const retries = page.getByRole('main').getByRole('button', { name: 'Try again' });
      for (let left = await retries.count(); left > 0; left--) await retries.first().click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
      await expectSameDocument(page);
    });
  }

  for (const { name, path, heading } of PAGES) {
    test(`${name}: a loading state while the API takes 5 s, then the page`, async ({ page }) => {
      test.setTimeout(60_000);
      const [url, title] = [await path(page), await heading(page)];
      await page.route(API, async (route) => {
        await delay(5000);
        await route.continue().catch(() => undefined);
      });
      await openInPage(page, url);
      const loading = page.getByRole('main').getByRole('status', { name: /^Loading/ });
      await expect(loading.first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 40_000 });
      await expect(loading).toHaveCount(0, { timeout: 40_000 });
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    });
  }
});

test('with the Auth emulator unreachable, sign-in is disabled in plain words and browsing works', async ({
  page,
  context,
}) => {
  await routeGoogleScriptHost(context);
  const emulatorPort = new URL(AUTH_EMULATOR_URL).port;
  await context.route(
    (url) => url.port === emulatorPort,
    (route) => route.abort('connectionrefused'),
  );
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gallery');

  await page.getByRole('button', { name: 'Menu' }).click();
  const signIn = page.getByRole('dialog', { name: 'Menu' }).getByRole('region', { name: 'Sign in' });
  await expect(
    signIn.getByText('Sign-in is not available right now: the sign-in service does not answer.'),
  ).toBeVisible();
  await expect(signIn.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  await page.keyboard.press('Escape');

  // Still browsing, signed out.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page.locator('[data-owner="mf_blog"]')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In/Sign Up' })).toBeVisible();
  // The /login page says the same, without a popup to an unreachable page.
  await page.getByRole('link', { name: 'Log In/Sign Up' }).click();
  await expect(
    page
      .getByRole('main')
      .getByText('Sign-in is not available right now: the sign-in service does not answer.'),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
});

test.describe('a broken build manifest', () => {
  const GARBAGE: Record<string, (route: Route) => Promise<void>> = {
    'is not JSON': (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"id": "oops' }),
    'has the wrong shape': (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"apps": 3}' }),
    'is missing': (route) => route.fulfill({ status: 404, body: 'Not Found' }),
  };

  for (const [fault, respond] of Object.entries(GARBAGE)) {
    test(`at start-up, a manifest that ${fault} gives a clear error with a retry, not a blank page`, async ({
      page,
    }) => {
      await page.route('**/builds/meta/*.json', respond);
      await page.goto('/gallery');
      const fallback = page.getByTestId('fallback-mf-gallery');
      await expect(fallback).toBeVisible();
      await expect(fallback.getByRole('heading')).toHaveText('The gallery could not be loaded');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await markDocument(page);

      await page.unroute('**/builds/meta/*.json');
      await fallback.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gallery');
      await expectSameDocument(page);
    });

    test(`while polling, a live build whose manifest ${fault} keeps the last good one, says so, and remotes keep loading`, async ({
      page,
    }) => {
      await page.clock.install();
      const logged: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') logged.push(message.text());
      });
      await page.goto('/');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      // A deploy names a new build whose manifest is broken (half uploaded, or garbage).
      await page.route('**/builds/latest.json*', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ id: 'b-broken-deploy', timestamp: 1 }),
        }),
      );
      await page.route('**/builds/meta/b-broken-deploy.json', respond);
      await page.clock.fastForward(61_000);

      const notice = page.getByRole('status').filter({ hasText: 'keeps the version it has' });
      await expect(notice).toBeVisible();
      await expect(page.getByText('A new version of ArtToy Club is available')).toHaveCount(0);
      expect(logged.join('\n')).toContain('b-broken-deploy');

      // The page's own build keeps working: a remote not loaded yet still loads.
      await markDocument(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gallery');
      await expectSameDocument(page);
    });
  }

  test('while polling, a latest.json that is garbage keeps the current build and says so', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.route('**/builds/latest.json*', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<html>proxy error</html>' }),
    );
    await page.clock.fastForward(61_000);
    const notice = page.getByRole('status').filter({ hasText: 'keeps the version it has' });
    await expect(notice).toBeVisible();

    // A later good answer clears the notice.
    await page.unroute('**/builds/latest.json*');
    await page.clock.fastForward(61_000);
    await expect(notice).toHaveCount(0);
  });
});

test('offline, a remote not loaded yet is contained with an offline notice; back online it recovers without a reload', async ({
  page,
  context,
}) => {
  const documentLoads = recordDocumentLoads(page);
  await page.goto('/rules/authenticity');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authenticity guarantee');
  await markDocument(page);

  await context.setOffline(true);
  const offline = page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(offline).toBeVisible();
  // The mystery box app was never loaded in this page: it cannot arrive now.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Mystery Box' }).click();
  const fallback = page.getByTestId('fallback-mf-mysterybox');
  await expect(fallback).toBeVisible();
  // No reload while offline: it would replace the site with the browser's own error page.
  expect(documentLoads).toEqual(['/rules/authenticity']);
  // A page already loaded still works.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authenticity guarantee');
  await page.goForward();
  await expect(fallback).toBeVisible();

  // Back online: the page recovers by itself.
  await context.setOffline(false);
  await expect(offline).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mystery boxes');
  await expect(fallback).toHaveCount(0);
  await expectSameDocument(page);
  expect(documentLoads).toEqual(['/rules/authenticity']);
});
