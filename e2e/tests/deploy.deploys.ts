import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { changedGalleryBuild, deployTool, folderDigest, liveBuild, ORIGIN } from '../fixtures/deploys';
import { STANDALONE_PORTS } from '../playwright.config';
import { expect, expectSameDocument, markDocument, test, waitForLive } from '../fixtures/site';

// These tests change the live build: they run one after the other, after every other test.
test.describe.configure({ mode: 'serial' });

const OTHERS = ['shell', 'mf_blog', 'mf_mysterybox', 'mf_account', 'mf_rules'] as const;
const NEW_TITLE = 'Gallery, freshly deployed';

async function othersDigest(build: Awaited<ReturnType<typeof liveBuild>>): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const app of OTHERS) {
    digests[app] =
      `${build.apps[app]!.entry}#${await folderDigest(path.join(ORIGIN, build.apps[app]!.entry.replace(/[^/]+$/, '')))}`;
  }
  return digests;
}

/**
 * Follows a link of the main navigation that, with a newer build live, loads a whole new document,
 * and returns once that document has the build and answers input. A click made before then can land
 * on the document being left (its navigation is dropped) or on the new one before it hydrates.
 */
async function followToBuild(
  page: import('@playwright/test').Page,
  link: string,
  buildId: string,
): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
  await expect(page.locator('meta[name="build-id"]')).toHaveAttribute('content', buildId);
  expect(await waitForLive(page), `the page after "${link}" answers input`).toBe(true);
}

/** The first heading of a page's document as the server sends it, before any script runs. */
async function servedHeading(
  page: import('@playwright/test').Page,
  pathname: string,
): Promise<string | undefined> {
  const html = await (await page.request.get(pathname)).text();
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
}

test('one remote is deployed and rolled back while the site stays up', async ({ page }) => {
  test.setTimeout(120_000);
  const before = await liveBuild();
  const othersBefore = await othersDigest(before);
  const notice = page.getByRole('status').filter({ hasText: 'A new version of ArtToy Club is available' });
  const galleryHeading = page.locator('[data-owner="mf_gallery"] h1');

  await page.goto('/gallery');
  await expect(galleryHeading).toHaveText('Gallery');

  const changed = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-gallery-'));
  try {
    await changedGalleryBuild(changed, NEW_TITLE);
    deployTool('deploy', 'mf-gallery', '--dist', changed);
    const deployed = await liveBuild();
    // The server renders the new version from the next request on, with no restart.
    expect(await servedHeading(page, '/gallery')).toBe(NEW_TITLE);
    expect(deployed.id).not.toBe(before.id);
    expect(deployed.apps.mf_gallery!.version).not.toBe(before.apps.mf_gallery!.version);
    expect(await othersDigest(deployed)).toEqual(othersBefore);

    // The open page learns of the deploy and loads it on the next navigation.
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await followToBuild(page, 'Blog', deployed.id);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
    await expect(galleryHeading).toHaveText(NEW_TITLE);

    deployTool('rollback', 'mf-gallery');
    const rolledBack = await liveBuild();
    expect(await servedHeading(page, '/gallery')).toBe('Gallery');
    expect(rolledBack.apps.mf_gallery).toEqual(before.apps.mf_gallery);
    expect(await othersDigest(rolledBack)).toEqual(othersBefore);
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await followToBuild(page, 'Home', rolledBack.id);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
    await expect(galleryHeading).toHaveText('Gallery');
  } finally {
    await fs.rm(changed, { recursive: true, force: true });
  }

  // A whole earlier build can be made live again by its id.
  deployTool('rollback', '--to', before.id);
  expect((await liveBuild()).id).toBe(before.id);
});

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
    expect(
      await page.evaluate(() => (window as unknown as { __e2eMark?: number }).__e2eMark),
    ).toBeUndefined();
  } finally {
    await fs.writeFile(latestFile, previous);
    await fs.rm(nextMeta, { force: true });
  }
});

test('a remote moved to another origin is found through the manifest alone', async ({ page }) => {
  const elsewhere = `http://localhost:${STANDALONE_PORTS.mf_gallery}/remoteEntry.js`;
  const bytes = Buffer.from(await (await page.request.get(elsewhere)).body());
  const live = await liveBuild();
  const moved = {
    ...live,
    id: `${live.id.slice(0, 14)}-e2e00002`,
    timestamp: Date.now(),
    apps: {
      ...live.apps,
      mf_gallery: {
        ...live.apps.mf_gallery!,
        entry: elsewhere,
        integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
      },
    },
  };
  const latestFile = path.join(ORIGIN, 'builds/latest.json');
  const previous = await fs.readFile(latestFile, 'utf8');
  const movedMeta = path.join(ORIGIN, `builds/meta/${moved.id}.json`);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  try {
    // The operator's whole change: one entry URL in a new manifest, made live.
    await fs.writeFile(movedMeta, JSON.stringify(moved));
    await fs.writeFile(latestFile, JSON.stringify({ id: moved.id, timestamp: moved.timestamp }));

    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
    await expect(page.locator('[data-owner="mf_gallery"][data-route="gallery"]')).toBeVisible();
    expect(requests).toContain(elsewhere);
    expect(requests.filter((url) => url.includes('/mf-gallery/'))).toEqual([]);
  } finally {
    await fs.writeFile(latestFile, previous);
    await fs.rm(movedMeta, { force: true });
  }
});
