import {
  buildMetaPath,
  LATEST_BUILD_PATH,
  parseBuildMeta,
  parseLatestBuild,
  type BuildMeta,
} from './manifest';
import { buildMetaFixture } from '../testing/build-meta';

/** The shape of a real sha384 SRI value: 48 bytes are 64 base64 characters. */
const INTEGRITY = `sha384-${'Ab+/'.repeat(16)}`;

function validMeta(): BuildMeta {
  return buildMetaFixture({}, () => '0123456789', INTEGRITY);
}

describe('parseBuildMeta', () => {
  it('accepts a valid manifest and returns it', () => {
    const meta = validMeta();
    expect(parseBuildMeta(meta, 'test.json')).toEqual(meta);
  });

  it('accepts absolute http(s) entries and entries without integrity', () => {
    const meta = validMeta();
    meta.apps.mf_blog = { version: '1.2.3', entry: 'https://cdn.example.com/mf-blog/1.2.3/remoteEntry.js' };
    expect(parseBuildMeta(meta, 'test.json').apps.mf_blog).toEqual({
      version: '1.2.3',
      entry: 'https://cdn.example.com/mf-blog/1.2.3/remoteEntry.js',
    });
  });

  it('names the source and the field of a bad id', () => {
    const meta = { ...validMeta(), id: 'Bad ID' };
    expect(() => parseBuildMeta(meta, 'meta/x.json')).toThrow('Build manifest meta/x.json is invalid');
    expect(() => parseBuildMeta(meta, 'meta/x.json')).toThrow(/id: id must be 6-64 lower-case letters/);
  });

  it('refuses a too short id', () => {
    expect(() => parseBuildMeta({ ...validMeta(), id: 'abc' }, 'x')).toThrow(/\bid: /);
  });

  it('names a missing app', () => {
    const meta = validMeta();
    const { mf_rules: _dropped, ...apps } = meta.apps;
    expect(() => parseBuildMeta({ ...meta, apps }, 'x')).toThrow(/apps\.mf_rules: /);
  });

  it.each([
    ['a quote', '/mf-gallery/1/remote"Entry.js'],
    ['a javascript: scheme', 'javascript:alert(1)'],
    ['an angle bracket', '/mf-gallery/1/<script>.js'],
    ['whitespace', '/mf-gallery/1/remote Entry.js'],
    ['a protocol-less relative path', 'mf-gallery/1/remoteEntry.js'],
  ])('refuses an entry with %s', (_what, entry) => {
    const meta = validMeta();
    meta.apps.mf_gallery = { ...meta.apps.mf_gallery, entry };
    expect(() => parseBuildMeta(meta, 'x')).toThrow(
      /apps\.mf_gallery\.entry: entry must be an http\(s\) URL or an origin-relative path/,
    );
  });

  it.each([
    ['a sha256 digest', `sha256-${'A'.repeat(64)}`],
    ['a short digest', 'sha384-abc'],
    ['a missing prefix', 'A'.repeat(64)],
  ])('refuses integrity with %s', (_what, integrity) => {
    const meta = validMeta();
    meta.apps.shell = { ...meta.apps.shell, integrity };
    expect(() => parseBuildMeta(meta, 'x')).toThrow(
      /apps\.shell\.integrity: integrity must be sha384-<base64>/,
    );
  });

  it('refuses a bad version', () => {
    const meta = validMeta();
    meta.apps.mf_account = { ...meta.apps.mf_account, version: '../etc' };
    expect(() => parseBuildMeta(meta, 'x')).toThrow(/apps\.mf_account\.version: /);
  });

  it('names every wrong field at once', () => {
    const meta = validMeta();
    meta.apps.mf_blog = { ...meta.apps.mf_blog, entry: 'javascript:void(0)' };
    let message = '';
    try {
      parseBuildMeta({ ...meta, id: '!' }, 'x');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/\bid: /);
    expect(message).toMatch(/apps\.mf_blog\.entry: /);
  });

  it('reports a value that is not an object at the root', () => {
    expect(() => parseBuildMeta('nope', 'x')).toThrow(/\(root\): /);
  });
});

describe('parseLatestBuild', () => {
  it('accepts a valid pointer', () => {
    expect(parseLatestBuild({ id: 'abcdef-123', timestamp: 12 }, LATEST_BUILD_PATH)).toEqual({
      id: 'abcdef-123',
      timestamp: 12,
    });
  });

  it('refuses a bad id with a message naming the source and field', () => {
    expect(() => parseLatestBuild({ id: '../../etc/passwd', timestamp: 12 }, LATEST_BUILD_PATH)).toThrow(
      /^Latest-build pointer \/builds\/latest\.json is invalid: id: id must be/,
    );
  });

  it('refuses a missing or non-integer timestamp', () => {
    expect(() => parseLatestBuild({ id: 'abcdef-123' }, 'x')).toThrow(/timestamp: /);
    expect(() => parseLatestBuild({ id: 'abcdef-123', timestamp: 1.5 }, 'x')).toThrow(/timestamp: /);
  });
});

describe('manifest paths', () => {
  it('places a build manifest under /builds/meta', () => {
    expect(buildMetaPath('abcdef-123')).toBe('/builds/meta/abcdef-123.json');
    expect(LATEST_BUILD_PATH).toBe('/builds/latest.json');
  });
});
