import type { Page } from '@playwright/test';
import type { BuildMeta } from '@arttoy/shared/contracts';
import type { FieldHealth, FieldReport } from '@arttoy/shared/contracts/api';
import { expect, test } from '../fixtures/site';

const WEB_VITALS_CHUNK = /\/web-vitals\.[0-9a-f]+\.js$/;

/** The names of the analytics events the page has sent so far. */
const sentEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { sentEvents: string[] }).sentEvents.toSorted());

/** Hides the page (as leaving it or switching tabs does): web-vitals settles, the field beacon flushes. */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

/** Serves the page's document with the runtime config's field sample rate set to `rate`. */
async function withFieldSampleRate(page: Page, rate: number): Promise<void> {
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /(<script type="application\/json" id="runtime-config">)([^<]*)(<\/script>)/,
        (_, open: string, json: string, close: string) =>
          `${open}${JSON.stringify({ ...JSON.parse(json), fieldSampleRate: rate })}${close}`,
      );
      await route.fulfill({ response, body });
    },
  );
}

test.describe('field metrics', () => {
  test('with an analytics global, a visit sends LCP, CLS, INP, FCP and TTFB once each, loading their code after the first paint', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const sink = window as unknown as {
        sentEvents: string[];
        gtag: (command: string, name: string) => void;
      };
      sink.sentEvents = [];
      sink.gtag = (command, name) => {
        if (command === 'event' && name !== 'page_view') sink.sentEvents.push(name);
      };
      // The interaction below takes 100 ms to answer: INP counts only interactions of 40 ms or more
      // (web-vitals' threshold), and a fast machine answers a click sooner.
      document.addEventListener('keydown', () => {
        const start = performance.now();
        while (performance.now() - start < 100);
      });
    });
    await page.goto('/');
    await expect.poll(() => sentEvents(page)).toContain('FCP');
    // An interaction (INP), then the page hidden: web-vitals settles CLS, INP and LCP.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.keyboard.press('Escape');
    // The browser records an interaction's timing once the frame after it is shown, so the page is
    // hidden (again) until web-vitals has it; each metric is still sent once.
    await expect
      .poll(async () => {
        await hide(page);
        return sentEvents(page);
      })
      .toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);

    const timing = await page.evaluate(() => ({
      chunk: performance
        .getEntriesByType('resource')
        .find((entry) => /\/web-vitals\.[0-9a-f]+\.js$/.test(entry.name))?.startTime,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }));
    expect(timing.chunk).toBeGreaterThan(timing.firstPaint ?? Infinity);
  });

  test('a visit reports its LCP and TTFB to /api/field with the route pattern and the version of every app on the page, and the API counts them', async ({
    page,
  }) => {
    // The page's beacons as it sends them (a beacon's Blob body is not in the request Playwright sees).
    await page.addInitScript(() => {
      const sink = window as unknown as { fieldBeacons: unknown[] };
      sink.fieldBeacons = [];
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, body) => {
        if (String(url).endsWith('/api/field') && body instanceof Blob)
          void body.text().then((text) => sink.fieldBeacons.push(JSON.parse(text)));
        return send(url, body);
      };
    });
    let beacons: FieldReport[] = [];
    const since = Date.now();
    await page.goto('/gallery/series/cloud-bakery');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The build the page runs, as its document names it.
    const manifest = await page.evaluate(async () => {
      const id = document.querySelector<HTMLMetaElement>('meta[name="build-id"]')!.content;
      return (await (await fetch(`/builds/meta/${id}.json`)).json()) as BuildMeta;
    });
    const versions = { shell: manifest.apps.shell.version, mf_gallery: manifest.apps.mf_gallery.version };
    // The vitals' code loads after the first paint; a page hidden before it runs would measure nothing.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((entry) => /\/web-vitals\.[0-9a-f]+\.js$/.test(entry.name)),
        ),
      )
      .toBe(true);
    // A key press settles LCP (web-vitals stops at the first input); hiding the page sends what is pending.
    await page.keyboard.press('Shift');
    const vitalsSent = () =>
      beacons.flatMap((beacon) => (beacon.vitals ?? []).map((vital) => ({ ...beacon, vital })));
    await expect
      .poll(async () => {
        await hide(page);
        beacons = await page.evaluate(
          () => (window as unknown as { fieldBeacons: FieldReport[] }).fieldBeacons,
        );
        return vitalsSent().map((sent) => sent.vital.name);
      })
      .toEqual(expect.arrayContaining(['LCP', 'TTFB']));
    for (const sent of vitalsSent()) {
      expect(sent.route).toBe('/gallery/series/:style');
      expect(sent.versions).toEqual(versions);
      expect(sent.build).toBe(manifest.id);
    }
    const lcp = vitalsSent().find((sent) => sent.vital.name === 'LCP')!.vital;
    expect(lcp.value).toBeGreaterThan(0);
    expect(lcp.phase).toMatch(/^(ttfb|load-delay|load-duration|render-delay)$/);
    // Counted per version: what the canary judge reads.
    await expect
      .poll(async () => {
        const response = await page.request.get(`/api/field/health?app=mf_gallery&since=${since}`);
        const health = (await response.json()) as FieldHealth;
        return health.versions[versions.mf_gallery]?.vitals?.LCP?.count ?? 0;
      })
      .toBeGreaterThan(0);
  });

  test('without an analytics global, on a page outside the field sample, the page never loads the metrics code', async ({
    page,
  }) => {
    await withFieldSampleRate(page, 0);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gallery');
    expect(requested.filter((path) => WEB_VITALS_CHUNK.test(path))).toEqual([]);
  });
});
