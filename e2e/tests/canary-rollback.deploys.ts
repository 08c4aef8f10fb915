/**
 * A canary that rolls itself back: a deliberately broken version of mf-rules (its mount throws) runs
 * as production's canary for every visitor; a visitor who meets it sees the remote's fallback, never
 * a blank page; the page's beacon reports the error; the canary judge (the deploy service's loop)
 * reads the field data and rolls the canary back within its window, recording why; the visitor's
 * next document is the stable version.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { AppEntry } from '@arttoy/shared/contracts';
import {
  canaryCheckMsFrom,
  fieldHealthFrom,
  ledgerCanary,
  startCanaryJudge,
  type CanaryJudge,
} from '@arttoy/deploy/canary-judge';
import { endCanary, history, readEnvironment, startCanary } from '@arttoy/deploy/ledger';
import { LocalOriginStore } from '@arttoy/deploy/origin-store/local';
import { ORIGIN } from '../fixtures/deploys';
import { SITE_PORT } from '../playwright.config';
import { expect, test } from '../fixtures/site';

test.describe.configure({ mode: 'serial' });

const PAGE = '/rules/terms_of_service';
const MOUNT_FAILURE = 'mf_rules canary build: its mount fails on purpose';

/**
 * A copy of a published mf-rules version whose container hands out `./app` with a mount that
 * rejects, as a remote whose mount throws would: the same files, one wrapper appended to its entry,
 * the entry's integrity (and its compressed copies) made again.
 */
async function brokenRulesVersion(stable: AppEntry): Promise<AppEntry> {
  const version = `broken-${Date.now().toString(36)}`;
  const from = path.join(ORIGIN, 'mf-rules', stable.version);
  const to = path.join(ORIGIN, 'mf-rules', version);
  await fs.cp(from, to, { recursive: true });
  const entryFile = path.join(to, 'remoteEntry.js');
  // The container's get and init are read-only getters: the global is replaced by one that wraps them.
  const wrapper = `
;mf_rules = (function (container) {
  return {
    init: function () { return container.init.apply(container, arguments); },
    get: function (module) {
      var factory = container.get.apply(container, arguments);
      if (module !== './app') return factory;
      return Promise.resolve(factory).then(function (make) {
        return function () {
          return Object.assign({}, make(), {
            mount: function () { return Promise.reject(new Error(${JSON.stringify(MOUNT_FAILURE)})); },
          });
        };
      });
    },
  };
})(mf_rules);
`;
  const patched = `${await fs.readFile(entryFile, 'utf8')}${wrapper}`;
  await fs.writeFile(entryFile, patched);
  await fs.writeFile(`${entryFile}.br`, brotliCompressSync(patched));
  await fs.writeFile(`${entryFile}.gz`, gzipSync(patched));
  const integrity = `sha384-${createHash('sha384').update(patched).digest('base64')}`;
  return {
    ...stable,
    version,
    entry: stable.entry.replace(`/${stable.version}/`, `/${version}/`),
    integrity,
    ...(stable.server
      ? {
          server: {
            ...stable.server,
            entry: stable.server.entry.replace(`/${stable.version}/`, `/${version}/`),
          },
        }
      : {}),
  };
}

test('a broken canary is rolled back by itself, and its visitor saw the fallback, never a blank page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const store = new LocalOriginStore(ORIGIN);
  const before = await readEnvironment(store, 'production');
  if (!before) throw new Error(`No production build in ${ORIGIN}: run npm run build first.`);
  const stableRules = before.meta.apps.mf_rules;
  const broken = await brokenRulesVersion(stableRules);

  const { canary } = await startCanary(store, {
    app: 'mf_rules',
    entry: broken,
    percent: 100,
    windowMs: 120_000,
    margin: 0.05,
    minViews: 1,
    by: 'rules',
  });
  let judge: CanaryJudge | null = null;
  try {
    // The visitor gets the canary: the document names its build, and the remote's place shows the fallback.
    await page.goto(PAGE);
    await expect(page.locator('meta[name="build-id"]')).toHaveAttribute('content', canary.id);
    const fallback = page.getByTestId('fallback-mf-rules');
    await expect(fallback).toBeVisible();
    await expect(fallback.getByRole('heading')).toHaveText('The help pages could not be loaded');
    // Never a blank page: the shell's header and footer stay.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();

    // The beacon reached the API: the canary's version has its view and its error.
    const readHealth = fieldHealthFrom(`http://localhost:${SITE_PORT}`);
    await expect
      .poll(async () => (await readHealth('mf_rules', canary.startedAt)).versions[broken.version] ?? null)
      .toMatchObject({ views: expect.any(Number), errors: expect.any(Number) });
    const counted = (await readHealth('mf_rules', canary.startedAt)).versions[broken.version]!;
    expect(counted.errors).toBeGreaterThanOrEqual(1);

    // The judge, as the deploy service runs it, rolls the canary back and says why.
    judge = startCanaryJudge({
      ...ledgerCanary(store),
      readHealth,
      checkMs: canaryCheckMsFrom({ CANARY_CHECK_MS: '1000' }),
    });
    await expect
      .poll(async () => (await readEnvironment(store, 'production'))?.pointer.canary ?? null, {
        timeout: 60_000,
      })
      .toBeNull();
    const after = await readEnvironment(store, 'production');
    expect(after?.pointer.id).toBe(before.pointer.id);
    const [last] = await history(store, 'production', { app: 'mf_rules', limit: 1 });
    expect(last).toMatchObject({
      kind: 'canary-rollback',
      by: 'canary-judge',
      from: broken.version,
      to: stableRules.version,
    });
    expect(last?.reason).toMatch(
      new RegExp(
        `^mf_rules ${broken.version}: \\d+ errors in \\d+ views \\(\\d+(\\.\\d)?%\\) against \\d+(\\.\\d)?% for ${stableRules.version} `,
      ),
    );
    // Within its window.
    expect(last!.at - canary.startedAt).toBeLessThan(canary.windowMs);

    // The visitor's next document is the stable version, with the remote's page in place.
    await page.reload();
    await expect(page.locator('meta[name="build-id"]')).toHaveAttribute('content', before.pointer.id);
    await expect(page.locator('[data-owner="mf_rules"] h1')).toBeVisible();
    await expect(page.getByTestId('fallback-mf-rules')).toHaveCount(0);
  } finally {
    await judge?.stop();
    // A failed run must not leave every later visitor on the broken version.
    if ((await readEnvironment(store, 'production'))?.pointer.canary)
      await endCanary(store, { outcome: 'rollback', reason: 'the e2e test ended', by: 'rules' });
  }
});
