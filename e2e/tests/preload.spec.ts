import { expect, test } from '../fixtures/site';
import { NO_SIGN_IN_PORT, SITE_PORT } from '../playwright.config';

// The document names the chunks a page needs first (deploy/src/preload-list.ts, from each build's
// preload.json), so they download together instead of one layer after another. These pages must ask
// for no script the document did not announce, and announce none they do not use. Served without
// sign-in (the Firebase SDK loads after the first paint on purpose, and is never preloaded); that
// server has no API of its own, so the page's API requests go to the composed site's.
const SITE = `http://localhost:${NO_SIGN_IN_PORT}`;
const API = `http://localhost:${SITE_PORT}`;
const PAGES = [
  { path: '/', owner: 'shell', heading: 'Art toys, drawn fairly.', read: null },
  {
    path: '/gallery/series/cloud-bakery',
    owner: 'mf_gallery',
    heading: 'Cloud Bakery',
    read: '/api/series/cloud-bakery',
  },
  {
    path: '/mysterybox/1',
    owner: 'mf_mysterybox',
    heading: 'Cloud Bakery Blind Box',
    read: '/api/box-models/1',
  },
  {
    path: '/rules/authenticity',
    owner: 'mf_rules',
    heading: 'Authenticity guarantee',
    read: '/api/content/document?path=%2Frules%2Fauthenticity&locale=en',
  },
  {
    path: '/blog/displaying-your-figures',
    owner: 'mf_blog',
    heading: 'Displaying your figures',
    read: '/api/content/document?path=%2Fblog%2Fdisplaying-your-figures&locale=en',
  },
];

/**
 * Records, in the page, every script the document or the page's code adds and every URL the page
 * fetches: a preload is used when the page asks for its URL. (Chromium's own "preloaded but not used"
 * warning is a timer, 3 s after the load event, that also fires for preloads the page does use when a
 * busy machine runs the page's code later than that.)
 */
function recordRequests(): void {
  const requested = new Set<string>();
  (window as Window & { requested?: Set<string> }).requested = requested;
  const note = (url: string) => requested.add(new URL(url, location.href).href);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof HTMLScriptElement && node.src) note(node.src);
    }
  }).observe(document, { childList: true, subtree: true });
  const fetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    note(input instanceof Request ? input.url : String(input));
    return fetch(input, init);
  };
}

for (const { path, owner, heading, read } of PAGES) {
  test(`${path}: every script the page starts with was preloaded by the document, and every preload was used`, async ({
    page,
  }) => {
    await page.route(`${SITE}/api/**`, async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({ response: await route.fetch({ url: `${API}${url.pathname}${url.search}` }) });
    });
    // The moment the page's data-filled heading enters the document, taken in the page: what started
    // before it is what the page needed first. (Reading the clock after Playwright saw the heading
    // is up to a second late, long enough for the prefetcher to start on the links in view.)
    await page.addInitScript(recordRequests);
    await page.addInitScript((name) => {
      const watch = new MutationObserver(() => {
        const h1 = document.querySelector('main h1');
        if (!h1?.textContent?.includes(name)) return;
        (window as Window & { headingShownAt?: number }).headingShownAt = performance.now();
        watch.disconnect();
      });
      watch.observe(document, { childList: true, subtree: true, characterData: true });
    }, heading);
    await page.goto(`${SITE}${path}`);
    await expect(page.locator('main').getByRole('heading', { level: 1, name: heading })).toBeVisible();

    const { preloaded, fetched, reads } = await page.evaluate((firstRead) => {
      const shown = (window as Window & { headingShownAt?: number }).headingShownAt;
      if (shown === undefined) throw new Error('the heading was never seen entering the document');
      const scripts = performance
        .getEntriesByType('resource')
        .filter(
          (entry): entry is PerformanceResourceTiming =>
            entry instanceof PerformanceResourceTiming &&
            entry.startTime < shown &&
            new URL(entry.name).pathname.endsWith('.js'),
        );
      return {
        preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map(
          (link) => link.href,
        ),
        // A preloaded script the page then runs is one request, made by the link.
        fetched: scripts
          .filter((entry) => entry.initiatorType !== 'link')
          .map((entry) => new URL(entry.name).pathname),
        // The page's first API read, and who asked for it: the document's preload, used by the page's fetch.
        reads: firstRead
          ? performance
              .getEntriesByName(new URL(firstRead, location.href).href)
              .map((entry) => (entry as PerformanceResourceTiming).initiatorType)
          : [],
      };
    }, read);
    expect(preloaded.length).toBeGreaterThan(owner === 'shell' ? 3 : 8);
    expect(reads).toEqual(read ? ['link'] : []);
    // Only the shell's entry comes from its script tag.
    expect(fetched.filter((name) => !/^\/shell\/[^/]+\/main\.js$/.test(name))).toEqual([]);
    // Every preload, scripts and data alike, is asked for by the page once it runs.
    const announced = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href),
    );
    await expect
      .poll(
        async () => {
          const requested = await page.evaluate(() => [
            ...((window as Window & { requested?: Set<string> }).requested ?? []),
          ]);
          return announced.filter((href) => !requested.includes(href));
        },
        { message: 'preloads the page never asked for' },
      )
      .toEqual([]);
  });
}
