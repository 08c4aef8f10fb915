import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import { deployToolResult, liveBuild, ORIGIN, REPO } from '../fixtures/deploys';
import { expect, test } from '../fixtures/site';

// These tests read or change the live build: they run one after the other, after every other test.
test.describe.configure({ mode: 'serial' });

type Entry = Awaited<ReturnType<typeof liveBuild>>['apps'][string] & {
  needs?: { contract: number; shared: Record<string, string> };
  provides?: { contract: number; shared: Record<string, string> };
};

async function readPackage(
  folder: string,
): Promise<{ version: string; dependencies: Record<string, string> }> {
  return JSON.parse(await fs.readFile(path.join(REPO, folder, 'package.json'), 'utf8'));
}

/** Writes a file so the site server reads the old or the new content, never half of it. */
async function replaceFile(file: string, content: string): Promise<void> {
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(temporary, content);
  await fs.rename(temporary, file);
}

test('every published app records what it needs as its package.json declares it, and the shell what it provides', async () => {
  const build = await liveBuild();
  const shared = await readPackage('shared');
  const apps = build.apps as Record<string, Entry>;
  expect(apps.shell!.provides?.shared['@arttoy/shared/contracts']).toBe(shared.version);
  expect(apps.shell!.provides?.shared.react).toBe(shared.dependencies.react);
  for (const [app, entry] of Object.entries(apps)) {
    const declared = (await readPackage(app.replace('_', '-'))).dependencies['@arttoy/shared'];
    const needs = entry.needs?.shared ?? {};
    const ours = Object.entries(needs).filter(([key]) => key.startsWith('@arttoy/shared/'));
    expect({ app, count: ours.length > 0 }).toEqual({ app, count: true });
    for (const [key, range] of ours) expect({ app, key, range }).toEqual({ app, key, range: declared });
    expect({ app, react: needs.react }).toEqual({ app, react: `^${shared.dependencies.react}` });
    expect(entry.needs?.contract).toBe(apps.shell!.provides?.contract);
  }
});

test('a remote whose manifest entry needs a shared package the shell does not give shows its fallback, inside a working shell', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const latestFile = path.join(ORIGIN, 'builds/latest.json');
  const latestBefore = await fs.readFile(latestFile, 'utf8');
  const before = await liveBuild();
  const rules = before.apps.mf_rules as Entry;
  if (!rules.needs) throw new Error('The live mf_rules entry records no needs: run npm run build first.');
  // The same build, but mf_rules says it was built against @arttoy/shared 2.
  const misfit = {
    ...before,
    id: `contracts-e2e-${Date.now()}`,
    apps: {
      ...before.apps,
      mf_rules: {
        ...rules,
        needs: {
          ...rules.needs,
          shared: Object.fromEntries(
            Object.entries(rules.needs.shared).map(([key, range]) => [
              key,
              key.startsWith('@arttoy/shared/') ? '^2.0.0' : range,
            ]),
          ),
        },
      },
    },
  };
  const metaFile = path.join(ORIGIN, `builds/meta/${misfit.id}.json`);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await fs.writeFile(metaFile, `${JSON.stringify(misfit, null, 2)}\n`);
  try {
    await replaceFile(latestFile, `${JSON.stringify({ id: misfit.id, timestamp: Date.now() })}\n`);

    // The site server does not render the remote: the document holds the shell and an outlet left to the browser.
    const served = await (await page.request.get('/help')).text();
    expect(served).toContain(`<meta name="build-id" content="${misfit.id}"`);
    expect(served).toContain('<header class="header">');
    expect(served).toContain('"path":"/help","remote":null');
    expect(served).not.toContain('Help Center</h1>');

    await page.goto('/help');
    const fallback = page.getByTestId('fallback-mf-rules');
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText('needs @arttoy/shared ^2.0.0');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    expect(errors.filter((text) => text.startsWith('[shell] Remote mf_rules'))).toEqual([
      expect.stringContaining('does not fit this shell: mf_rules'),
    ]);

    // The rest of the site works: the blog, another remote, opens from the header.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page.locator('[data-owner="mf_blog"] h1')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  } finally {
    await replaceFile(latestFile, latestBefore);
    await fs.rm(metaFile, { force: true });
  }
  // With the fitting build live again, the same page is the remote's.
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Center');
});

test('the deploy service refuses a remote the live shell does not fit, naming the dependency and both versions', async () => {
  test.setTimeout(120_000);
  const before = await liveBuild();
  const rules = before.apps.mf_rules as Entry;
  // The live mf-rules build, but its contract says it was built against @arttoy/shared 2.
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-misfit-'));
  try {
    await fs.cp(path.join(ORIGIN, 'mf-rules', rules.version), dist, { recursive: true });
    const contractFile = path.join(dist, 'contract.json');
    const contract = JSON.parse(await fs.readFile(contractFile, 'utf8')) as { needs: Entry['needs'] };
    for (const key of Object.keys(contract.needs!.shared))
      if (key.startsWith('@arttoy/shared')) contract.needs!.shared[key] = '^2.0.0';
    await fs.writeFile(contractFile, JSON.stringify(contract));
    await fs.rm(`${contractFile}.br`, { force: true });
    await fs.rm(`${contractFile}.gz`, { force: true });

    const refused = deployToolResult('deploy', 'mf-rules', '--dist', dist);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(
        `mf_rules [0-9a-z]+ needs @arttoy/shared\\S* \\^2\\.0\\.0; shell ${before.apps.shell!.version} provides 1\\.0\\.0\\.`,
      ),
    );
    // Nothing changed: the same build is live.
    expect((await liveBuild()).id).toBe(before.id);
  } finally {
    await fs.rm(dist, { recursive: true, force: true });
  }
});
