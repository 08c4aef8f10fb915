import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SITE_ROUTES, type SiteRoute } from '@arttoy/shared/contracts';
import { buildMetaFixture } from '@arttoy/shared/testing/build-meta';
import {
  preloadUrls,
  readInlineStylesheets,
  readPreloadLists,
  type PreloadList,
  type PreloadLists,
} from './preload-list';

const route = (id: string): SiteRoute => {
  const found = SITE_ROUTES.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no route ${id}`);
  return found;
};

const SHELL: PreloadList = {
  groups: {
    bootstrap: { files: ['router.js', 'bootstrap.js'], shared: ['react-dom/client', '@arttoy/shared/ui'] },
    'remote-outlet': { files: ['remote-outlet.js'], shared: ['@arttoy/shared/federation'] },
  },
  provides: {
    'react-dom/client': { files: ['react-dom-client.js'], shared: ['react-dom'] },
    'react-dom': { files: ['react-dom.js'], shared: ['react'] },
    react: { files: ['react.js'], shared: [] },
    '@arttoy/shared/ui': { files: ['ui.js'], shared: ['react'] },
    '@arttoy/shared/federation': { files: ['federation.js'], shared: ['single-spa'] },
    'single-spa': { files: ['single-spa.js'], shared: [] },
    '@arttoy/shared/http': { files: ['http.js'], shared: [] },
    '@arttoy/shared/search': { files: ['search.js'], shared: [] },
  },
};

const GALLERY: PreloadList = {
  groups: {
    'expose-mf_gallery': { files: ['expose.js'], shared: ['react'] },
    'route-gallery-series-style': { files: ['zod.js', 'series.js'], shared: ['@arttoy/shared/http'] },
  },
  provides: { react: { files: ['own-react.js'], shared: [] } },
};

const LISTS: PreloadLists = {
  shell: { base: '/shell/s1/', list: SHELL },
  mf_gallery: { base: '/mf-gallery/g1/', list: GALLERY },
};

describe('preloadUrls', () => {
  it('gives the home page the shell start-up and every shared module it takes, transitively, once each', () => {
    expect(preloadUrls(LISTS, route('index'), { remotes: true })).toEqual([
      '/shell/s1/router.js',
      '/shell/s1/bootstrap.js',
      '/shell/s1/react-dom-client.js',
      '/shell/s1/react-dom.js',
      '/shell/s1/react.js',
      '/shell/s1/ui.js',
    ]);
  });

  it("adds a remote page's outlet, the remote's app and page, and the shell's copies of what they take", () => {
    const urls = preloadUrls(LISTS, route('gallery-series-style'), { remotes: true });
    expect(urls.slice(6)).toEqual([
      '/shell/s1/remote-outlet.js',
      '/shell/s1/federation.js',
      '/shell/s1/single-spa.js',
      '/mf-gallery/g1/expose.js',
      '/mf-gallery/g1/zod.js',
      '/mf-gallery/g1/series.js',
      '/shell/s1/http.js',
    ]);
    // The remote's own copy of a shared module is a fallback the page never loads.
    expect(urls).not.toContain('/mf-gallery/g1/own-react.js');
  });

  it("names a group's stylesheets with its scripts, and a content page's own chunk", () => {
    const styled: PreloadLists = {
      shell: {
        base: '/shell/s1/',
        list: {
          groups: {
            bootstrap: { files: ['bootstrap.css', 'bootstrap.js'], shared: [] },
            'route-slug': { files: ['route-slug.css', 'route-slug.js'], shared: [] },
          },
          provides: {},
        },
      },
    };
    expect(preloadUrls(styled, route('slug'), { remotes: true })).toEqual([
      '/shell/s1/bootstrap.css',
      '/shell/s1/bootstrap.js',
      '/shell/s1/route-slug.css',
      '/shell/s1/route-slug.js',
    ]);
    expect(preloadUrls(styled, route('index'), { remotes: true })).toEqual([
      '/shell/s1/bootstrap.css',
      '/shell/s1/bootstrap.js',
    ]);
  });

  it("leaves the remotes' files out when told to, and takes a monolith's pages from the shell's build", () => {
    const monolith: PreloadLists = {
      shell: {
        base: '/shell/m1/',
        list: {
          groups: {
            bootstrap: { files: ['bootstrap.js'], shared: [] },
            'expose-mf_gallery': { files: ['gallery-app.js'], shared: [] },
            'route-gallery-series-style': { files: ['series.js'], shared: [] },
          },
          provides: {},
        },
      },
      mf_gallery: LISTS.mf_gallery,
    };
    expect(preloadUrls(monolith, route('gallery-series-style'), { remotes: false })).toEqual([
      '/shell/m1/bootstrap.js',
      '/shell/m1/gallery-app.js',
      '/shell/m1/series.js',
    ]);
  });

  it('preloads nothing for a page whose lists are missing, and only the start-up for an error page', () => {
    expect(preloadUrls({}, route('gallery-series-style'), { remotes: true })).toEqual([]);
    expect(preloadUrls(LISTS, null, { remotes: true })).toHaveLength(6);
  });
});

describe('readPreloadLists', () => {
  let origin: string;
  beforeEach(async () => {
    origin = await fs.mkdtemp(path.join(os.tmpdir(), 'preload-lists-'));
  });
  afterEach(() => fs.rm(origin, { recursive: true, force: true }));

  const meta = (entries: Parameters<typeof buildMetaFixture>[0]) => buildMetaFixture(entries, () => 'v1');

  async function write(folder: string, content: string): Promise<void> {
    await fs.mkdir(path.join(origin, folder), { recursive: true });
    await fs.writeFile(path.join(origin, folder, 'preload.json'), content);
  }

  it('reads each published list with the folder its files are served from', async () => {
    await write('shell/v1', JSON.stringify(SHELL));
    await write('mf-gallery/v1', JSON.stringify(GALLERY));
    const warn = jest.fn();
    const lists = await readPreloadLists(origin, meta({}), warn);
    expect(lists.shell).toEqual({ base: '/shell/v1/', list: SHELL });
    expect(lists.mf_gallery?.base).toBe('/mf-gallery/v1/');
    expect(lists.mf_blog).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });

  it('leaves out, and names, a list that is not JSON or names files outside its folder', async () => {
    await write('shell/v1', '{ not json');
    await write(
      'mf-gallery/v1',
      JSON.stringify({
        groups: { bootstrap: { files: ['../../builds/latest.json'], shared: [] } },
        provides: {},
      }),
    );
    const warn = jest.fn();
    const lists = await readPreloadLists(origin, meta({}), warn);
    expect(lists).toEqual({});
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls.map(([message]) => message).join('\n')).toMatch(
      /shell\/v1\/preload\.json is not a valid preload list[^\n]*Rebuild shell/,
    );
    expect(warn.mock.calls.map(([message]) => message).join('\n')).toMatch(
      /groups\.bootstrap\.files\.0: a chunk file name \(script or stylesheet\) in the app folder/,
    );
  });

  it('does not look for the list of an app served from another origin', async () => {
    await write('mf-gallery/v1', JSON.stringify(GALLERY));
    const lists = await readPreloadLists(
      origin,
      meta({ mf_gallery: 'https://cdn.example.com/mf-gallery/v1/remoteEntry.js' }),
      jest.fn(),
    );
    expect(lists.mf_gallery).toBeUndefined();
  });
});

describe('readInlineStylesheets', () => {
  let origin: string;
  beforeEach(async () => {
    origin = await fs.mkdtemp(path.join(os.tmpdir(), 'inline-styles-'));
    await fs.mkdir(path.join(origin, 'shell/v1'), { recursive: true });
  });
  afterEach(() => fs.rm(origin, { recursive: true, force: true }));

  it('reads the small self-contained stylesheets of the lists, and leaves to links the ones inlining would change or bloat', async () => {
    const files = {
      'plain.css': 'h1{color:red}',
      'art.css': '.a{background:url(art.svg)}',
      'ends.css': '.a::after{content:"</style><script>"}',
      'big.css': `.a{color:red}${' '.repeat(40 * 1024)}`,
    };
    for (const [name, text] of Object.entries(files))
      await fs.writeFile(path.join(origin, 'shell/v1', name), text);
    const lists: PreloadLists = {
      shell: {
        base: '/shell/v1/',
        list: {
          groups: {
            bootstrap: { files: [...Object.keys(files), 'missing.css', 'bootstrap.js'], shared: [] },
          },
          provides: {},
        },
      },
    };
    const texts = await readInlineStylesheets(origin, lists);
    expect([...texts]).toEqual([['/shell/v1/plain.css', 'h1{color:red}']]);
  });
});
