/** @jest-environment node */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildMetaFixture } from '@arttoy/shared/testing/build-meta';
import type { BuildMeta } from '@arttoy/shared/contracts';
import { Registry } from 'prom-client';
import { createRenderMetrics } from '../observability/site-metrics';
import { resolveRoute } from '../route-status';
import { pageRenderer } from './render-page';

/**
 * A server container as the site server sees one: a CommonJS module with the federation
 * container's `init` and `get`, whose `./server` is the given module source.
 */
function container(serverModule: string): string {
  return `const server = (() => { ${serverModule} })();
module.exports = { init: () => undefined, get: (request) => Promise.resolve(() => (request === './server' ? server : undefined)) };`;
}

const SHELL = container(`return {
  firstReads: () => [],
  renderToHtml: async ({ location, data, remote }) => ({
    html:
      '<main data-path="' + location.pathname + '">' +
      (remote ? remote.name + ':' + remote.html : 'no remote') +
      '</main>',
    head: remote ? null : { title: 'Shell page' },
  }),
};`);

const rulesModule = (renderBody: string) =>
  container(`return {
  firstReads: (location) => ['/api/content/document?path=' + encodeURIComponent(location.pathname)],
  renderToHtml: async ({ location, data, read }) => { ${renderBody} },
};`);

let origin: string;
const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

async function publish(app: string, version: string, source: string, integrity = sri(source)) {
  const entry = `/${app.replace('_', '-')}/${version}/server/remoteEntry.js`;
  await fs.mkdir(path.join(origin, path.dirname(entry)), { recursive: true });
  await fs.writeFile(path.join(origin, entry), source);
  return { entry, integrity };
}

async function metaWith(
  rules: { source: string; integrity?: string } | null,
  id = '20250101120000-abcdef12',
) {
  const meta = buildMetaFixture();
  meta.id = id;
  meta.apps.shell.server = await publish('shell', 'v-shell', SHELL);
  if (rules)
    meta.apps.mf_rules.server = await publish('mf_rules', `v-${id.slice(-4)}`, rules.source, rules.integrity);
  return meta;
}

const url = new URL('http://site.invalid/rules/authenticity');
const resolution = resolveRoute('/rules/authenticity');

beforeEach(async () => {
  origin = await fs.mkdtemp(path.join(os.tmpdir(), 'render-page-'));
});
afterEach(() => fs.rm(origin, { recursive: true, force: true }));

describe('pageRenderer', () => {
  it("renders the remote's page inside the shell, with the reads it was given and the payload naming them", async () => {
    const warn = jest.fn();
    const read = jest.fn(async (asked: string) => ({ asked }));
    const render = pageRenderer({ origin, read, warn });
    const meta = await metaWith({
      source: rulesModule(
        `return { html: '<h1>' + Object.keys(data)[0] + '</h1>', data, head: { title: 'Authenticity' } };`,
      ),
    });
    const page = await render(meta, resolution, url);
    expect(page?.head).toEqual({ title: 'Authenticity' });
    expect(page?.html).toBe(
      '<main data-path="/rules/authenticity">mf_rules:<h1>/api/content/document?path=%2Frules%2Fauthenticity</h1></main>',
    );
    expect(page?.payload).toEqual({
      path: '/rules/authenticity',
      remote: 'mf_rules',
      data: {
        '/api/content/document?path=%2Frules%2Fauthenticity': {
          asked: '/api/content/document?path=%2Frules%2Fauthenticity',
        },
      },
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['has no server container', null, /has no server container/],
    [
      'was changed after publishing (integrity)',
      { source: rulesModule(`return { html: 'x', data };`), integrity: sri('something else') },
      /does not match its integrity/,
    ],
    ['throws', { source: rulesModule(`throw new Error('the page broke');`) }, /the page broke/],
    [
      'is slower than the budget',
      {
        source: rulesModule(
          `await new Promise((done) => setTimeout(done, 2000)); return { html: 'late', data };`,
        ),
      },
      /took longer than 50 ms/,
    ],
  ])(
    'serves the shell with the outlet left to the browser when the remote %s, and says so once per version',
    async (_case, rules, reason) => {
      const warn = jest.fn();
      const render = pageRenderer({ origin, warn, budgetMs: 50 });
      const meta = await metaWith(rules);
      for (let visit = 0; visit < 2; visit += 1) {
        const page = await render(meta, resolution, url);
        expect(page?.html).toBe('<main data-path="/rules/authenticity">no remote</main>');
        expect(page?.payload).toEqual({ path: '/rules/authenticity', remote: null, data: {} });
        expect(page?.head).toEqual({ title: 'Shell page' });
      }
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toMatch(reason);
    },
  );

  it('counts every render by app, version and outcome: rendered, over budget, failed', async () => {
    const registry = new Registry();
    const render = pageRenderer({
      origin,
      warn: jest.fn(),
      budgetMs: 50,
      observe: createRenderMetrics(registry),
    });
    const fine = await metaWith(
      { source: rulesModule(`return { html: 'ok', data };`) },
      '20250101120000-0000aaaa',
    );
    const slow = await metaWith(
      {
        source: rulesModule(
          `await new Promise((done) => setTimeout(done, 2000)); return { html: 'late', data };`,
        ),
      },
      '20250101120000-0000bbbb',
    );
    const broken = await metaWith(
      { source: rulesModule(`throw new Error('broke');`) },
      '20250101120000-0000cccc',
    );
    for (const meta of [fine, fine, slow, broken]) await render(meta, resolution, url);
    const text = await registry.metrics();
    expect(text).toMatch(
      /^site_server_renders_total\{app="mf_rules",version="v-mf-rules",outcome="rendered"\} 2$/m,
    );
    expect(text).toMatch(
      /^site_server_renders_total\{app="mf_rules",version="v-mf-rules",outcome="over_budget"\} 1$/m,
    );
    expect(text).toMatch(
      /^site_server_renders_total\{app="mf_rules",version="v-mf-rules",outcome="failed"\} 1$/m,
    );
    expect(text).toMatch(
      /^site_server_renders_total\{app="shell",version="v-shell",outcome="rendered"\} 4$/m,
    );
  });

  it("gives a page left to the browser the head its remote declares for it, and the site's head when its container declares none", async () => {
    const render = pageRenderer({ origin, warn: jest.fn() });
    const browserOnly = (head: string) =>
      container(`return {
  firstReads: () => [],
  renderToHtml: async () => null,
  ${head}
};`);
    const declared = await render(
      await metaWith({
        source: browserOnly(
          `browserOnlyHead: async ({ location }) => ({ title: 'Only ' + location.pathname }),`,
        ),
      }),
      resolution,
      url,
    );
    expect(declared?.head).toEqual({ title: 'Only /rules/authenticity' });
    expect(declared?.html).toBe('<main data-path="/rules/authenticity">no remote</main>');
    expect(declared?.payload).toEqual({ path: '/rules/authenticity', remote: null, data: {} });
    const older = await render(
      await metaWith({ source: browserOnly('') }, '20250101120000-abcdef34'),
      resolution,
      url,
    );
    expect(older?.head).toEqual({ title: 'Shell page' });
  });

  it("renders an error page as the shell's, without the remote or any read, its status and message in the payload", async () => {
    const read = jest.fn(async () => ({}));
    const render = pageRenderer({ origin, read, warn: jest.fn() });
    const meta = await metaWith({ source: rulesModule(`return { html: 'x', data };`) });
    const missing = new URL('http://site.invalid/no/such/page/at/all/here');
    const page = await render(meta, resolveRoute(missing.pathname), missing);
    expect(page?.html).toBe('<main data-path="/no/such/page/at/all/here">no remote</main>');
    expect(page?.payload).toEqual({
      path: '/no/such/page/at/all/here',
      remote: null,
      data: {},
      error: { statusCode: 404, message: 'Page not found: /no/such/page/at/all/here' },
    });
    expect(read).not.toHaveBeenCalled();
    const invalid = new URL('http://site.invalid/mysterybox/abc');
    expect((await render(meta, resolveRoute(invalid.pathname), invalid))?.payload.error).toEqual({
      statusCode: 404,
      message: 'Page Not Found: /mysterybox/abc',
    });
  });

  it('renders nothing (the browser renders the page) when the shell has no server container', async () => {
    const warn = jest.fn();
    const render = pageRenderer({ origin, warn });
    const meta = await metaWith({ source: rulesModule(`return { html: 'x', data };`) });
    delete meta.apps.shell.server;
    expect(await render(meta, resolution, url)).toBeNull();
    const missing = new URL('http://site.invalid/no/such/page');
    expect(await render(meta, resolveRoute(missing.pathname), missing)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("names a page's first reads from its owner's server module, for a document that goes out without the server's rendering", async () => {
    const render = pageRenderer({ origin, warn: jest.fn() });
    const meta = await metaWith({ source: rulesModule(`return { html: 'x', data };`) });
    expect(await render.firstReads(meta, resolution, url)).toEqual([
      '/api/content/document?path=%2Frules%2Fauthenticity',
    ]);
    // An error page reads nothing; nor does a page whose owner has no server module (it renders without preloads).
    expect(
      await render.firstReads(
        meta,
        resolveRoute('/no/such/page/at/all/here'),
        new URL('http://site.invalid/no/such/page/at/all/here'),
      ),
    ).toEqual([]);
    delete meta.apps.mf_rules.server;
    expect(await render.firstReads(meta, resolution, url)).toEqual([]);
  });

  it("gives a page's payload for client navigation: what its document would carry, and nothing of the rendering", async () => {
    const read = jest.fn(async (asked: string) => ({ asked }));
    const render = pageRenderer({ origin, read, warn: jest.fn() });
    // The render asks for a second read it learns from the first (a figure's series): that is in the payload too.
    const meta = await metaWith({
      source: rulesModule(
        `const more = '/api/more?of=' + encodeURIComponent(Object.keys(data)[0]); return { html: '<h1>html</h1>', data: { ...data, [more]: await read(more) } };`,
      ),
    });
    const withQuery = new URL('http://site.invalid/rules/authenticity?page=2');
    const payload = await render.payload(meta, resolution, withQuery);
    const first = '/api/content/document?path=%2Frules%2Fauthenticity';
    const more = `/api/more?of=${encodeURIComponent(first)}`;
    expect(payload).toEqual({
      path: '/rules/authenticity?page=2',
      remote: null,
      data: { [first]: { asked: first }, [more]: { asked: more } },
    });
    expect(JSON.stringify(payload)).not.toContain('html');
    // A remote that fails gives an empty payload (the page reads its data itself), never an error.
    const broken = await metaWith(
      { source: rulesModule(`throw new Error('the page broke');`) },
      '20250101120000-cccc0003',
    );
    expect(await render.payload(broken, resolution, url)).toEqual({
      path: '/rules/authenticity',
      remote: null,
      data: {},
    });
    // A page of the shell's own: its first reads.
    const home = await render.payload(meta, resolveRoute('/'), new URL('http://site.invalid/'));
    expect(home).toEqual({ path: '/', remote: null, data: {} });
  });

  it("uses a new build's containers from its first request on (a deploy needs no restart)", async () => {
    const render = pageRenderer({ origin, warn: jest.fn() });
    const first = await metaWith(
      { source: rulesModule(`return { html: 'version one', data };`) },
      '20250101120000-aaaa0001',
    );
    expect((await render(first, resolution, url))?.html).toContain('version one');
    const second = await metaWith(
      { source: rulesModule(`return { html: 'version two', data };`) },
      '20250101120000-bbbb0002',
    );
    expect((await render(second, resolution, url))?.html).toContain('version two');
  });

  it('keeps the containers of the builds it serves side by side (stable, canary, preview), each loaded once', async () => {
    const warn = jest.fn();
    const render = pageRenderer({ origin, warn });
    // Each container notes its build in a file when a federation instance takes its `./server` (it runs outside jest's sandbox).
    const log = path.join(origin, 'loads.txt');
    const loads = async () => {
      const counts: Record<string, number> = {};
      for (const tag of (await fs.readFile(log, 'utf8')).split('\n').filter(Boolean))
        counts[tag] = (counts[tag] ?? 0) + 1;
      return counts;
    };
    const builds = await Promise.all(
      ['aaaa0001', 'bbbb0002', 'cccc0003'].map((tag) =>
        metaWith(
          {
            source: rulesModule(`return { html: 'build ${tag}', data };`).replace(
              'get: (request) => Promise',
              `get: (request) => (require('node:fs').appendFileSync(${JSON.stringify(log)}, '${tag}\\n'), Promise)`,
            ),
          },
          `20250101120000-${tag}`,
        ),
      ),
    );
    const [stable, canary, preview] = builds as [BuildMeta, BuildMeta, BuildMeta];
    for (const meta of [stable, canary, preview, stable, canary, preview])
      expect((await render(meta, resolution, url))?.html).toContain(`build ${meta.id.slice(-8)}`);
    expect(warn).not.toHaveBeenCalled();
    expect(await loads()).toEqual({ aaaa0001: 1, bbbb0002: 1, cccc0003: 1 });
  });
});
