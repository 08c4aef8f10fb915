import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildContent, documentSearchEntries, loadContent, resolveContentPaths } from './build';
import { compileDocument, contentHash, locateSource } from './compile';

const post = (title: string, extra = '') =>
  `---\ntitle: ${title}\ndescription: A post.\ndate: 2025-02-01\ntags: [care]\n${extra}---\n\n## First\n\nSome words here.\n`;

describe('locateSource', () => {
  it('maps files to site paths, stems, locales and folders', () => {
    expect(locateSource('blog/caring-for-figures.md')).toEqual({
      stem: 'blog/caring-for-figures',
      locale: 'en',
      path: '/blog/caring-for-figures',
      dir: 'blog',
    });
    expect(locateSource('rules/privacy_policy.md')).toMatchObject({
      path: '/rules/privacy_policy',
      dir: 'rules',
    });
    expect(locateSource('help/index.md')).toMatchObject({ stem: 'help/index', path: '/help', dir: 'help' });
    expect(locateSource('pages/about.md')).toMatchObject({
      stem: 'pages/about',
      path: '/about',
      dir: 'pages',
    });
    expect(locateSource('pages/about.fr.md')).toEqual({
      stem: 'pages/about',
      locale: 'fr',
      path: '/about',
      dir: 'pages',
    });
  });

  it('refuses names that cannot be site paths', () => {
    expect(() => locateSource('blog/Caring For.md')).toThrow(
      'blog/Caring For.md: file names must be lower-case words',
    );
    expect(() => locateSource('loose.md')).toThrow('put the document in a folder');
  });
});

describe('compileDocument', () => {
  it('hashes the source to 10 hex characters that change with the content', () => {
    const one = compileDocument(post('One'), 'blog/one.md');
    const same = compileDocument(post('One'), 'blog/one.md');
    const changed = compileDocument(post('One!'), 'blog/one.md');
    expect(one._hash).toMatch(/^[0-9a-f]{10}$/);
    expect(one._hash).toBe(contentHash(post('One')));
    expect(same._hash).toBe(one._hash);
    expect(changed._hash).not.toBe(one._hash);
  });

  it('fills defaults: updated from date, no author, no cover, published', () => {
    expect(compileDocument(post('One'), 'blog/one.md')).toMatchObject({
      updated: '2025-02-01',
      author: null,
      cover: null,
      draft: false,
      readingMinutes: 1,
      slug: 'one',
    });
  });

  it('refuses a locale that disagrees with the file name, and an update before the date', () => {
    expect(() => compileDocument(post('One', 'locale: fr\n'), 'blog/one.md')).toThrow(
      'front matter says locale "fr" but the file name says "en"',
    );
    expect(() => compileDocument(post('One', 'updated: 2024-01-01\n'), 'blog/one.md')).toThrow(
      'updated (2024-01-01) is before date (2025-02-01)',
    );
  });
});

describe('the content build', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-content-'));
    fs.mkdirSync(path.join(root, 'src', 'blog'), { recursive: true });
    fs.mkdirSync(path.join(root, 'src', 'assets'), { recursive: true });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => fs.writeFileSync(path.join(root, 'src', file), text);
  const paths = () => ({ contentDir: path.join(root, 'src'), outDir: path.join(root, 'out') });

  it('lists every bad document with its problem, and accepts none of them', () => {
    write('blog/good.md', post('Good'));
    write('blog/no-date.md', post('No date').replace('date: 2025-02-01\n', ''));
    write('blog/cover.md', post('Cover', 'cover: assets/missing.svg\n'));
    expect(() => buildContent(paths().contentDir)).toThrow(
      /^2 content document\(s\) failed to compile:\n- blog\/cover\.md: cover assets\/missing\.svg does not exist under content\/\.\n- blog\/no-date\.md: invalid front matter: date /,
    );
  });

  it('refuses two files answering on the same path', () => {
    fs.mkdirSync(path.join(root, 'src', 'pages'));
    fs.mkdirSync(path.join(root, 'src', 'about'));
    write('pages/about.md', post('About'));
    write('about/index.md', post('About too'));
    expect(() => buildContent(paths().contentDir)).toThrow(
      'pages/about.md: answers on /about (en) like about/index.md; rename one of them.',
    );
  });

  it("keeps drafts and other locales out of the search index, and the authors' README out of the pages", () => {
    write('README.md', '# How to write content');
    write('blog/live.md', post('Live'));
    write('blog/draft.md', post('Draft', 'draft: true\n'));
    write('blog/live.fr.md', post('En direct'));
    const build = buildContent(paths().contentDir);
    expect(build.documents).toHaveLength(3);
    expect(documentSearchEntries(build)).toEqual([
      {
        id: 'post:/blog/live',
        kind: 'post',
        path: '/blog/live',
        title: 'Live',
        description: 'A post.',
        headings: ['First'],
        text: 'First Some words here.',
      },
    ]);
  });

  it('writes the build, reuses it while the sources are unchanged, and recompiles when one changes', () => {
    write('blog/live.md', post('Live'));
    write('assets/live.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const first = loadContent(paths());
    expect(first.origin).toBe('compiled');
    expect(JSON.parse(fs.readFileSync(path.join(root, 'out', 'search-index.json'), 'utf8'))).toHaveLength(1);
    expect(loadContent(paths()).origin).toBe('stored');
    write('assets/live.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="2"/>');
    const afterAsset = loadContent(paths());
    expect(afterAsset.origin).toBe('compiled');
    expect(afterAsset.build.assets['live.svg']).not.toBe(first.build.assets['live.svg']);
    write('blog/live.md', post('Live, edited'));
    const afterEdit = loadContent(paths());
    expect(afterEdit.origin).toBe('compiled');
    expect(afterEdit.build.documents[0]?.title).toBe('Live, edited');
  });

  it('still serves when the output folder cannot be written, and says why', () => {
    write('blog/live.md', post('Live'));
    fs.writeFileSync(path.join(root, 'out'), 'a file where the folder should be');
    const warnings: string[] = [];
    expect(loadContent(paths(), (message) => warnings.push(message)).build.documents).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Could not store the content build in .*out/);
  });
});

describe('content/ itself', () => {
  it('compiles every file, with the documents the site links to', () => {
    const build = buildContent(resolveContentPaths({}, {}).contentDir);
    const paths = build.documents.map((document) => document._path);
    for (const page of [
      'authenticity',
      'privacy_policy',
      'terms_of_service',
      'shipping_and_refund',
      'customer_service_center',
    ])
      expect(paths).toContain(`/rules/${page}`);
    expect(paths).toEqual(expect.arrayContaining(['/help', '/about']));
    const posts = build.documents.filter((document) => document._dir === 'blog');
    expect(posts.filter((document) => !document.draft).length).toBeGreaterThanOrEqual(8);
    expect(posts.some((document) => document.draft)).toBe(true);
    const published = posts.filter((candidate) => !candidate.draft);
    for (const document of published) {
      expect(document.text.split(' ').length).toBeGreaterThanOrEqual(400);
      expect(document.cover).toMatch(/^assets\/.+\.svg$/);
    }
    // Every post has related reading: it shares a tag with another published post.
    const lonely = published.filter(
      (document) =>
        !published.some(
          (other) => other !== document && other.tags.some((tag) => document.tags.includes(tag)),
        ),
    );
    expect(lonely.map((document) => document._path)).toEqual([]);
  });

  it('links only to pages that exist: content paths, site routes and gallery series', () => {
    const build = buildContent(resolveContentPaths({}, {}).contentDir);
    const known = new Set(
      build.documents.filter((document) => !document.draft).map((document) => document._path),
    );
    const appRoutes = ['/gallery', '/locker', '/mysterybox/test', '/blog/list'];
    const series = [
      'cloud-bakery',
      'pastel-picnic',
      'night-market',
      'skate-spirits',
      'moonlit-forest',
      'tide-pool-tales',
      'tin-guardians',
      'star-courier',
    ];
    const broken = build.documents.flatMap((document) =>
      [...document.html.matchAll(/href="(\/[^"]*)"/g)]
        .map(([, href]) => (href as string).split(/[?#]/)[0] as string)
        .filter(
          (target) =>
            !known.has(target) &&
            !appRoutes.includes(target) &&
            !series.some((slug) => target === `/gallery/series/${slug}`),
        )
        .map((target) => `${document._stem} → ${target}`),
    );
    expect(broken).toEqual([]);
  });
});
