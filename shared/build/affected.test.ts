/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SITE_ROUTES } from '@arttoy/shared/contracts';
import {
  REMOTE_MARKERS,
  changedFiles,
  checkSpecMap,
  listSpecFiles,
  listTestFiles,
  readSpecMap,
  readWorkspaces,
  selectTests,
  withDependents,
} from './affected.mjs';

const ROOT = path.resolve(__dirname, '../..');
const repo = {
  graph: readWorkspaces(ROOT),
  specMap: readSpecMap(ROOT),
  specFiles: listSpecFiles(ROOT),
  testFiles: listTestFiles(ROOT),
};
const select = (...changed: string[]) => selectTests({ ...repo, changed });

describe('a change to one remote', () => {
  const plan = select('mf-rules/src/routes.tsx', 'mf-rules/src/pages/rules-page.tsx');

  it("runs that remote's jest tests and the contract tests, not another remote's", () => {
    expect(plan.full).toBe(false);
    expect(plan.remotes).toEqual(['mf-rules']);
    expect(plan.jestPaths).toContain('mf-rules/');
    expect(plan.jestPaths).toEqual(
      expect.arrayContaining([
        'shared/contracts/manifest.test.ts',
        'shared/contracts/routes.test.ts',
        'shared/federation/parcel-outlet.test.tsx',
        'deploy/src/publish.test.ts',
      ]),
    );
    expect(plan.jestPaths.filter((file) => /^(mf-gallery|mf-blog|shell|api)\//.test(file))).toEqual([]);
    expect(plan.jestPaths).not.toContain('deploy/src/server.test.ts');
  });

  it('builds that remote and runs the browser specs that exercise it, not those of another remote', () => {
    expect(plan.build).toEqual(['mf-rules']);
    expect(plan.specs).toEqual(expect.arrayContaining(['tests/content.spec.ts', 'tests/routes.spec.ts']));
    for (const spec of ['tests/gallery.spec.ts', 'tests/mysterybox.spec.ts', 'tests/screenshots.spec.ts'])
      expect(plan.specs).not.toContain(spec);
  });

  it("runs, of the specs for every remote, the tests whose titles name that remote or none, not another's", () => {
    expect(plan.everyRemoteSpecs).toEqual(
      expect.arrayContaining(['tests/routes.spec.ts', 'tests/faults.spec.ts']),
    );
    expect(plan.everyRemoteSpecs).not.toContain('tests/content.spec.ts');
    const left = new RegExp(plan.grepInvert ?? '(?!)');
    const leftOut = (title: string) => left.test(title);
    expect(
      leftOut('site routes.spec.ts every route of the spec reaches its owner gallery /gallery → mf_gallery'),
    ).toBe(true);
    expect(
      leftOut('site server-render.spec.ts server-rendered pages /blog/list: the document holds the page'),
    ).toBe(true);
    expect(
      leftOut('site routes.spec.ts every route of the spec reaches its owner help /help → mf_rules'),
    ).toBe(false);
    expect(leftOut('site routes.spec.ts errors a path no route matches is a 404 with the error page')).toBe(
      false,
    );
    expect(leftOut('site faults.spec.ts a link from /gallery to /rules/authenticity')).toBe(false);
    // A spec named for the remote runs whole, whatever its titles say.
    expect(leftOut('site content.spec.ts a blog post /blog/x links to /gallery')).toBe(false);
  });

  it('is a smaller selection than a change to another remote would make of its own', () => {
    const gallery = select('mf-gallery/src/app.tsx');
    expect(gallery.jestPaths).toContain('mf-gallery/');
    expect(gallery.jestPaths).not.toContain('mf-rules/');
    expect(gallery.specs).toContain('tests/gallery.spec.ts');
    expect(gallery.specs).not.toContain('tests/content.spec.ts');
  });
});

describe('changes that run everything', () => {
  it.each([
    ['shared/contracts/remote.ts', 'shared/ changed'],
    ['shell/src/router.tsx', 'shell/ changed'],
    ['api/src/app.ts', 'api/ changed'],
    ['deploy/src/publish.ts', 'deploy/ changed'],
    ['package-lock.json', "package-lock.json is part of the build or the tests' set-up"],
    ['jest.config.mjs', "jest.config.mjs is part of the build or the tests' set-up"],
    [
      'content/rules/privacy_policy.md',
      "content/rules/privacy_policy.md is part of the build or the tests' set-up",
    ],
    ['mf-rules/package.json', 'mf-rules/package.json changes dependencies'],
    ['e2e/playwright.config.ts', 'e2e/ changed'],
  ])('%s', (file, reason) => {
    const plan = select('mf-rules/src/routes.tsx', file);
    expect(plan.full).toBe(true);
    expect(plan.reasons).toContain(reason);
  });

  it('a change to shared/ affects every workspace that uses it', () => {
    const plan = select('shared/ui/button/button.tsx');
    expect(new Set(plan.affected)).toEqual(
      new Set([
        'shared',
        'shell',
        'mf-gallery',
        'mf-blog',
        'mf-mysterybox',
        'mf-account',
        'mf-rules',
        'api',
        'deploy',
      ]),
    );
    expect(plan.reasons).toEqual(
      expect.arrayContaining(['shared/ changed', 'api/ depends on shared/', 'deploy/ depends on shared/']),
    );
  });

  it('a workspace that comes to depend on a remote runs everything when that remote changes', () => {
    const graph = new Map([...repo.graph, ['deploy', new Set(['shared', 'api', 'mf-rules'])]]);
    const plan = selectTests({ ...repo, graph, changed: ['mf-rules/src/routes.tsx'] });
    expect(plan.full).toBe(true);
    expect(plan.reasons).toEqual(['deploy/ depends on mf-rules/']);
  });
});

describe('changes with no remote', () => {
  it('a changed spec runs that spec alone', () => {
    expect(select('e2e/tests/gallery.spec.ts')).toMatchObject({
      full: false,
      jestPaths: [],
      build: [],
      specs: ['tests/gallery.spec.ts'],
    });
  });

  it("the documents run the docs' own check; measurements and ignores run nothing", () => {
    expect(select('docs/architecture/testing.md', 'README.md')).toMatchObject({
      full: false,
      jestPaths: ['docs/'],
      specs: [],
    });
    expect(select('bench/web.mjs', '.gitignore')).toMatchObject({ full: false, jestPaths: [], specs: [] });
  });
});

describe('the remotes in test titles', () => {
  it("name every route's start for its owner", () => {
    const unnamed = SITE_ROUTES.filter((route) => route.owner !== 'shell').filter(
      (route) =>
        !REMOTE_MARKERS[route.owner.replace('_', '-') as keyof typeof REMOTE_MARKERS].some((marker) =>
          marker.startsWith('/') ? `${route.path}/`.startsWith(`${marker}/`) : false,
        ),
    );
    expect(unnamed.map((route) => `${route.path} (${route.owner})`)).toEqual([]);
  });
});

describe('withDependents', () => {
  it('follows dependencies through more than one step', () => {
    const graph = new Map([
      ['a', new Set<string>()],
      ['b', new Set(['a'])],
      ['c', new Set(['b'])],
      ['d', new Set<string>()],
    ]);
    expect(withDependents(graph, ['a'])).toEqual(new Set(['a', 'b', 'c']));
    expect(withDependents(graph, ['d'])).toEqual(new Set(['d']));
  });
});

describe('the spec map', () => {
  it('names every spec of e2e/tests, each with the apps it exercises', () => {
    expect(checkSpecMap({ specs: repo.specMap }, repo.specFiles)).toEqual([]);
  });

  it('fails for a spec it does not name, a name with no spec, and an app it does not know', () => {
    const specs = ['tests/gallery.spec.ts', 'tests/new.spec.ts'];
    expect(checkSpecMap({ specs: { 'tests/gallery.spec.ts': ['mf-gallery'] } }, specs)).toEqual([
      expect.stringMatching(/^e2e\/spec-apps\.json does not name e2e\/tests\/new\.spec\.ts: add it/),
    ]);
    expect(
      checkSpecMap(
        {
          specs: {
            'tests/gallery.spec.ts': ['mf-galery'],
            'tests/new.spec.ts': [],
            'tests/old.spec.ts': ['shell'],
          },
        },
        specs,
      ),
    ).toEqual([
      expect.stringContaining(
        'e2e/tests/gallery.spec.ts names "mf-galery"; the apps are *, shell, mf-gallery',
      ),
      expect.stringContaining('e2e/tests/new.spec.ts must list at least one app'),
      expect.stringContaining('names e2e/tests/old.spec.ts, which is not a spec of e2e/tests: remove it'),
    ]);
    expect(checkSpecMap([], specs)).toEqual([expect.stringContaining('must have a "specs" object')]);
  });
});

describe('changedFiles', () => {
  let dir: string;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'affected-'));
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'ci@example.test');
    git('config', 'user.name', 'CI');
    writeFileSync(path.join(dir, 'a.txt'), 'a');
    writeFileSync(path.join(dir, 'b.txt'), 'b');
    git('add', '.');
    git('commit', '-qm', 'base');
    git('checkout', '-qb', 'change');
    writeFileSync(path.join(dir, 'a.txt'), 'a2');
    git('commit', '-qam', 'change a');
    git('checkout', '-q', 'main');
    writeFileSync(path.join(dir, 'c.txt'), 'c');
    git('add', 'c.txt');
    git('commit', '-qm', 'later on main');
    git('checkout', '-q', 'change');
    writeFileSync(path.join(dir, 'b.txt'), 'b2');
    writeFileSync(path.join(dir, 'new.txt'), 'new');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("lists the branch's commits since the merge base and the work tree, not the base's own later commits", () => {
    expect(changedFiles(dir, 'main')).toEqual(['a.txt', 'b.txt', 'new.txt']);
  });

  it('names a base it does not know', () => {
    expect(() => changedFiles(dir, 'origin/nowhere')).toThrow(
      '"origin/nowhere" is not a commit this clone knows: fetch it, or pass --base <ref>.',
    );
  });
});
