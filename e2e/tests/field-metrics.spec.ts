import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/site';

const WEB_VITALS_CHUNK = /\/web-vitals\.[0-9a-f]+\.js$/;

/** The names of the analytics events the page has sent so far. */
const sentEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { sentEvents: string[] }).sentEvents.toSorted());

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
        await page.evaluate(() => {
          Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
          document.dispatchEvent(new Event('visibilitychange'));
        });
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

  test('without an analytics global the page never loads the metrics code', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gallery');
    expect(requested.filter((path) => WEB_VITALS_CHUNK.test(path))).toEqual([]);
  });
});
