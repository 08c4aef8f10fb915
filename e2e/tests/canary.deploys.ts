import type { Browser } from '@playwright/test';
import { canaryBucket } from '@arttoy/deploy/variants/choose-build';
import {
  documentBuild,
  livePointer,
  loadedRulesVersions,
  RULES_STAMP,
  servedStamp,
  untilServerRenders,
  variantBuild,
  writeOriginFile,
} from '../fixtures/variants';
import { SITE_PORT } from '../playwright.config';
import { expect, test, waitForLive } from '../fixtures/site';

// This test changes production's pointer: it runs alone, after every other test.
test.describe.configure({ mode: 'serial' });

const PAGE = '/rules/authenticity';
const SITE = `http://localhost:${SITE_PORT}`;

/** A visitor id (as a browser would hold it) whose bucket for this canary puts it on `side`. */
function visitorOn(side: 'canary' | 'stable', release: string, percent: number): string {
  for (let n = 0; ; n += 1) {
    const id = `e2e-visitor-${side}-${String(n).padStart(6, '0')}`;
    if (canaryBucket(id, release) < percent === (side === 'canary')) return id;
  }
}

/** Loads the page `times` times in one browser and says which build each load was, from the server's HTML and from the hydrated page. */
async function visits(browser: Browser, times: number, visitorId?: string) {
  const context = await browser.newContext();
  if (visitorId) await context.addCookies([{ name: 'arttoy-vid', value: visitorId, url: SITE }]);
  const page = await context.newPage();
  const seen = [];
  try {
    for (let n = 0; n < times; n += 1) {
      const response = n === 0 ? await page.goto(PAGE) : await page.reload();
      const html = await response!.text();
      expect(response!.headers()['cache-control']).toBe('private, no-cache');
      expect(await waitForLive(page)).toBe(true);
      seen.push({
        ...documentBuild(html),
        served: servedStamp(html),
        hydrated: await page.locator('[data-owner="mf_rules"] .content-meta').innerText(),
        versions: await loadedRulesVersions(page),
      });
    }
    return { seen, cookies: await context.cookies(SITE) };
  } finally {
    await context.close();
  }
}

test('a canary at 50% gives each visitor one version across reloads, server HTML and hydrated page agreeing', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const before = await livePointer();
  const live = before.build;
  const candidate = await variantBuild('canary');
  const release = `release-e2e-${Date.now()}`;
  try {
    await writeOriginFile(
      'builds/latest.json',
      JSON.stringify({
        id: live.id,
        timestamp: Date.now(),
        canary: {
          app: 'mf_rules',
          id: candidate.id,
          percent: 50,
          release,
          startedAt: Date.now(),
          windowMs: 600_000,
          margin: 0.05,
          minViews: 10,
        },
      }),
    );
    const expected = {
      canary: { id: candidate.id, channel: 'canary', stamp: RULES_STAMP.variant, version: candidate.version },
      stable: {
        id: live.id,
        channel: 'stable',
        stamp: RULES_STAMP.live,
        version: live.apps.mf_rules!.version,
      },
    };
    // Two visitors, one on each side of the deal: each sees one version on every load.
    for (const side of ['canary', 'stable'] as const) {
      const visitorId = visitorOn(side, release, 50);
      const want = expected[side];
      await untilServerRenders(request, PAGE, `arttoy-vid=${visitorId}`, want.stamp);
      const { seen } = await visits(browser, 3, visitorId);
      for (const load of seen) {
        expect(load).toEqual({
          id: want.id,
          channel: want.channel,
          served: want.stamp,
          hydrated: expect.stringContaining(want.stamp),
          versions: [want.version],
        });
      }
    }

    // A new visitor is given an id on the first document, and keeps the version it was dealt.
    const { seen, cookies } = await visits(browser, 3);
    const visitorCookie = cookies.find((cookie) => cookie.name === 'arttoy-vid');
    expect(visitorCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const side = canaryBucket(visitorCookie!.value, release) < 50 ? 'canary' : 'stable';
    for (const load of seen) expect(load.id).toBe(expected[side].id);
    expect(new Set(seen.map((load) => load.hydrated)).size).toBe(1);
    expect(seen[0]!.hydrated).toContain(expected[side].stamp);
  } finally {
    await writeOriginFile('builds/latest.json', before.text);
    await candidate.remove();
  }
});
