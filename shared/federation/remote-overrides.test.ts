import type { BuildMeta } from '@arttoy/shared/contracts';
import {
  overrideEntryProblem,
  parseRemoteOverrides,
  remoteOverridesFromCookies,
  withRemoteOverrides,
} from './remote-overrides';

const published = (app: string) => ({
  version: 'v1',
  entry: `/${app}/v1/remoteEntry.js`,
  integrity: `sha384-${'A'.repeat(64)}`,
});
const MANIFEST: BuildMeta = {
  id: '20261126000000-aaaaaaaa',
  timestamp: 1,
  prerendered: [],
  routeRules: {},
  apps: {
    shell: { version: 'v1', entry: '/shell/v1/main.js' },
    mf_gallery: {
      ...published('mf-gallery'),
      server: { entry: '/mf-gallery/v1/server/remoteEntry.js', integrity: `sha384-${'B'.repeat(64)}` },
    },
    mf_blog: published('mf-blog'),
    mf_mysterybox: published('mf-mysterybox'),
    mf_account: published('mf-account'),
    mf_rules: published('mf-rules'),
  },
};

describe('a remote override entry', () => {
  it.each([
    'http://localhost:3101/remoteEntry.js',
    'http://127.0.0.1:3101/remoteEntry.js',
    'http://[::1]:3101/remoteEntry.js',
    'https://localhost:8443/mf/remoteEntry.js',
  ])('takes a script on this machine: %s', (entry) => {
    expect(overrideEntryProblem(entry)).toBeNull();
  });

  it.each([
    ['another host', 'https://evil.example/remoteEntry.js', /not on this machine/],
    [
      'a host that only starts like localhost',
      'http://localhost.evil.example/remoteEntry.js',
      /not on this machine/,
    ],
    ['a loopback-looking user part', 'http://localhost@evil.example/remoteEntry.js', /not on this machine/],
    ['credentials', 'http://user:secret@localhost:3101/remoteEntry.js', /carries credentials/],
    ['a data URL', 'data:text/javascript,alert(1)', /not http\(s\)/],
    ['a javascript URL', 'javascript:alert(1)', /not http\(s\)/],
    ['a relative path', '/mf-gallery/remoteEntry.js', /not an absolute URL/],
    ['no script', 'http://localhost:3101/', /names no script/],
  ])('refuses %s', (_case, entry, problem) => {
    expect(overrideEntryProblem(entry)).toMatch(problem);
  });
});

describe('the override cookie', () => {
  it('reads remotes and entries, encoded or not, and says why it refused the rest', () => {
    const overrides = parseRemoteOverrides(
      encodeURIComponent(
        'mf_gallery@http://localhost:3101/remoteEntry.js, mf_blog@https://cdn.example/x.js, shell@http://localhost:3000/main.js, nonsense',
      ),
    );
    expect([...overrides.entries]).toEqual([['mf_gallery', 'http://localhost:3101/remoteEntry.js']]);
    expect(overrides.refused).toEqual([
      expect.stringMatching(/^mf_blog: "https:\/\/cdn.example\/x.js" is not on this machine/),
      expect.stringMatching(/^"shell@http:\/\/localhost:3000\/main.js" names no remote/),
      expect.stringMatching(/^"nonsense" names no remote/),
    ]);
  });

  it('is found among the cookies of a request or a document, and is none when absent', () => {
    const cookies =
      'previewToken=abc; remote-override=mf_rules@http://localhost:3105/remoteEntry.js; other=1';
    expect([...remoteOverridesFromCookies(cookies).entries]).toEqual([
      ['mf_rules', 'http://localhost:3105/remoteEntry.js'],
    ]);
    expect(
      remoteOverridesFromCookies('my-remote-override=mf_rules@http://localhost:3105/remoteEntry.js').entries
        .size,
    ).toBe(0);
    expect(remoteOverridesFromCookies(undefined)).toEqual({ entries: new Map(), refused: [] });
  });
});

describe('the manifest with overrides', () => {
  it('puts the dev server entry in place of the published one, without integrity or server container', () => {
    const overridden = withRemoteOverrides(
      MANIFEST,
      parseRemoteOverrides('mf_gallery@http://localhost:3101/remoteEntry.js'),
    );
    expect(overridden.apps.mf_gallery).toEqual({
      version: 'override',
      entry: 'http://localhost:3101/remoteEntry.js',
    });
    expect(overridden.apps.mf_blog).toBe(MANIFEST.apps.mf_blog);
    expect(MANIFEST.apps.mf_gallery.entry).toBe('/mf-gallery/v1/remoteEntry.js');
  });

  it('is the manifest itself without overrides', () => {
    expect(withRemoteOverrides(MANIFEST, parseRemoteOverrides(''))).toBe(MANIFEST);
  });
});
