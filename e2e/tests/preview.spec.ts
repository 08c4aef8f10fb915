import fs from 'node:fs/promises';
import path from 'node:path';
import { signPreviewToken } from '@arttoy/deploy/variants/preview-token';
import {
  documentBuild,
  livePointer,
  loadedRulesVersions,
  RULES_STAMP,
  untilServerRenders,
  variantBuild,
  writeOriginFile,
} from '../fixtures/variants';
import { ORIGIN } from '../fixtures/deploys';
import { PREVIEW_SECRET } from '../playwright.config';
import { expect, expectSameDocument, markDocument, test, waitForLive } from '../fixtures/site';

const PAGE = '/rules/authenticity';

test('a preview link shows the preview build, server-rendered and hydrated alike; production does not', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { build: live } = await livePointer();
  const preview = await variantBuild('preview');
  try {
    // Deployed to the preview environment (as the deploy service records it), then a link made for it.
    await writeOriginFile(
      'builds/env/preview.json',
      JSON.stringify({ id: preview.id, timestamp: Date.now() }),
    );
    const token = signPreviewToken(PREVIEW_SECRET, {
      env: 'preview',
      build: preview.id,
      exp: Date.now() + 600_000,
    });
    const stamp = page.locator('[data-owner="mf_rules"] .content-meta');
    await untilServerRenders(page.request, PAGE, `arttoy-preview=${token}`, RULES_STAMP.variant);

    const response = await page.goto(`/_preview?token=${token}&path=${encodeURIComponent(PAGE)}`);
    expect(new URL(page.url()).pathname).toBe(PAGE);
    // The server's HTML is the preview's, and says so.
    const html = await response!.text();
    expect(documentBuild(html)).toEqual({ id: preview.id, channel: 'preview' });
    expect(html).toContain(RULES_STAMP.variant);
    expect(html).not.toContain(RULES_STAMP.live);
    expect(response!.headers()['cache-control']).toBe('private, no-cache');
    // The browser hydrated it with the preview's code: the same text, and only that version's entry loaded.
    expect(await waitForLive(page)).toBe(true);
    await expect(stamp).toContainText(RULES_STAMP.variant);
    expect(await loadedRulesVersions(page)).toEqual([preview.version]);

    // A page the browser renders itself (a navigation inside the site) is the preview's too.
    await markDocument(page);
    await page
      .getByRole('navigation', { name: 'Help and rules' })
      .getByRole('link', { name: 'Privacy policy' })
      .click();
    await expect(page.locator('[data-owner="mf_rules"] h1')).toHaveText(/privacy/i);
    await expect(stamp).toContainText(RULES_STAMP.variant);
    await expectSameDocument(page);

    // Another visitor, without the link, gets production.
    const visitor = await browser.newPage();
    try {
      const production = await visitor.goto(PAGE);
      const productionHtml = await production!.text();
      expect(documentBuild(productionHtml)).toEqual({ id: live.id, channel: 'stable' });
      expect(productionHtml).toContain(RULES_STAMP.live);
      expect(productionHtml).not.toContain(RULES_STAMP.variant);
      await expect(visitor.getByText('You are seeing a preview of the next version')).toHaveCount(0);
      await expect(visitor.locator('[data-owner="mf_rules"] .content-meta')).toContainText(RULES_STAMP.live);
      expect(await loadedRulesVersions(visitor)).toEqual([live.apps.mf_rules!.version]);

      // An expired link, or one signed with another secret, shows a page that says so, and production stays.
      const expired = signPreviewToken(PREVIEW_SECRET, {
        env: 'preview',
        build: preview.id,
        exp: Date.now() - 1000,
      });
      const refused = await visitor.goto(`/_preview?token=${expired}`);
      expect(refused!.status()).toBe(410);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('This preview link does not work');
      await expect(visitor.getByText('This preview link expired at')).toBeVisible();
      const forged = signPreviewToken(`${PREVIEW_SECRET}-elsewhere`, {
        env: 'preview',
        build: preview.id,
        exp: Date.now() + 600_000,
      });
      expect((await visitor.goto(`/_preview?token=${forged}`))!.status()).toBe(403);
      expect(documentBuild(await (await visitor.goto(PAGE))!.text()).id).toBe(live.id);
    } finally {
      await visitor.close();
    }

    // The preview says so on every page, and leaving it is production again, on the same page.
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'You are seeing a preview of the next version' });
    await expect(notice).toBeVisible();
    const left = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/rules/privacy_policy');
    await notice.getByRole('link', { name: 'Exit preview' }).click();
    expect(documentBuild(await (await left).text())).toEqual({ id: live.id, channel: 'stable' });
    expect(new URL(page.url()).pathname).toBe('/rules/privacy_policy');
    await expect(notice).toHaveCount(0);
    expect(documentBuild(await (await page.goto(PAGE))!.text())).toEqual({ id: live.id, channel: 'stable' });
  } finally {
    await fs.rm(path.join(ORIGIN, 'builds/env/preview.json'), { force: true });
    await preview.remove();
  }
});
