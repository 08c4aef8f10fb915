import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, expectSameDocument, markDocument, test } from '../fixtures/site';

const ORIGIN = path.resolve(__dirname, '../../.origin');

test('a new deploy is announced, and the next navigation loads it', async ({ page }) => {
  test.setTimeout(45_000);
  await page.goto('/gallery');
  await expect(page.locator('[data-owner="mf_gallery"]')).toBeVisible();
  await markDocument(page);
  const latestFile = path.join(ORIGIN, 'builds/latest.json');
  const previous = await fs.readFile(latestFile, 'utf8');
  const current = JSON.parse(previous) as { id: string; timestamp: number };
  const meta = JSON.parse(await fs.readFile(path.join(ORIGIN, `builds/meta/${current.id}.json`), 'utf8'));
  const next = { id: `${current.id.slice(0, 14)}-e2e00001`, timestamp: current.timestamp + 1 };
  const nextMeta = path.join(ORIGIN, `builds/meta/${next.id}.json`);
  try {
    await fs.writeFile(nextMeta, JSON.stringify({ ...meta, ...next }));
    await fs.writeFile(latestFile, JSON.stringify(next));

    const notice = page.getByRole('status').filter({ hasText: 'A new version of ArtToy Club is available' });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expectSameDocument(page);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page.locator('meta[name="build-id"]')).toHaveAttribute('content', next.id);
    await expect(page.locator('[data-owner="mf_blog"]')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __e2eMark?: number }).__e2eMark)).toBeUndefined();
  } finally {
    await fs.writeFile(latestFile, previous);
    await fs.rm(nextMeta, { force: true });
  }
});
