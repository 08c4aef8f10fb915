import { buildProblems, contractProblems, packageOfShareKey } from './compat';
import { parseBuildMeta, type AppEntry } from './manifest';
import { REMOTE_CONTRACT_VERSION } from './remote';
import { buildMetaFixture } from '../testing/build-meta';

const shell = (shared: Record<string, string>, contract = REMOTE_CONTRACT_VERSION): AppEntry => ({
  version: 'shell-v2',
  entry: '/shell/shell-v2/main.js',
  provides: { contract, shared },
  needs: { contract, shared: {} },
});

const remote = (shared: Record<string, string>, contract = REMOTE_CONTRACT_VERSION): AppEntry => ({
  version: 'rules-v7',
  entry: '/mf-rules/rules-v7/remoteEntry.js',
  needs: { contract, shared },
});

const PROVIDED = {
  react: '19.3.1',
  'react/jsx-runtime': '19.3.1',
  'react-dom': '19.3.1',
  zustand: '5.1.0',
  '@arttoy/shared/contracts': '1.0.0',
  '@arttoy/shared/query': '1.0.0',
};

describe('contractProblems', () => {
  it('finds nothing when every range is met and the contract versions agree', () => {
    expect(
      contractProblems(
        shell(PROVIDED),
        remote({ react: '^19.3.0', 'react/jsx-runtime': '^19.3.0', '@arttoy/shared/query': '^1.0.0' }),
        'mf_rules',
      ),
    ).toEqual([]);
  });

  it('names the dependency, the range needed and the version provided, once per package', () => {
    expect(
      contractProblems(
        shell(PROVIDED),
        remote({
          '@arttoy/shared/contracts': '^2.0.0',
          '@arttoy/shared/query': '^2.0.0',
          react: '^20.0.0',
          'react/jsx-runtime': '^20.0.0',
        }),
        'mf_rules',
      ),
    ).toEqual([
      'mf_rules rules-v7 needs @arttoy/shared ^2.0.0; shell shell-v2 provides 1.0.0.',
      'mf_rules rules-v7 needs react ^20.0.0; shell shell-v2 provides 19.3.1.',
    ]);
  });

  it('refuses a remote built for another remote contract, saying which side to rebuild', () => {
    const [problem] = contractProblems(shell(PROVIDED, 2), remote({}, 1), 'mf_gallery');
    expect(problem).toBe(
      "mf_gallery rules-v7 was built for remote contract 1; shell shell-v2 speaks contract 2. Rebuild the remote against the other's contract.",
    );
  });

  it('takes a share key the shell does not list from the same package, and refuses a package it lacks', () => {
    expect(contractProblems(shell(PROVIDED), remote({ '@arttoy/shared/ui': '^1.0.0' }), 'mf_rules')).toEqual(
      [],
    );
    expect(contractProblems(shell(PROVIDED), remote({ 'single-spa': '^6.0.0' }), 'mf_rules')).toEqual([
      'mf_rules rules-v7 needs single-spa ^6.0.0; shell shell-v2 does not provide single-spa, so the remote would run a second copy of it.',
    ]);
  });

  it('reports a range or a version it cannot read instead of guessing', () => {
    expect(contractProblems(shell({ react: 'latest' }), remote({ react: '^19' }), 'mf_rules')).toEqual([
      'shell shell-v2 provides react "latest", which is not a semver version.',
    ]);
    expect(contractProblems(shell(PROVIDED), remote({ react: 'one-nine' }), 'mf_rules')).toEqual([
      'mf_rules rules-v7 needs react "one-nine", which is not a semver range.',
    ]);
  });

  it('takes entries published before builds recorded their needs as they are', () => {
    const old: AppEntry = { version: 'old', entry: '/mf-rules/old/remoteEntry.js' };
    expect(contractProblems(shell(PROVIDED), old, 'mf_rules')).toEqual([]);
    expect(
      contractProblems(
        { version: 'old', entry: '/shell/old/main.js' },
        remote({ react: '^99.0.0' }),
        'mf_rules',
      ),
    ).toEqual([]);
  });

  it('treats a prerelease as outside a plain range, as npm does', () => {
    expect(
      contractProblems(shell({ react: '20.0.0-rc.1' }), remote({ react: '^19.3.0' }), 'mf_rules'),
    ).toHaveLength(1);
  });
});

describe('buildProblems', () => {
  it('checks every remote of a build against its shell, in both directions of a deploy', () => {
    const meta = buildMetaFixture();
    meta.apps.shell = shell(PROVIDED);
    meta.apps.mf_rules = remote({ '@arttoy/shared/contracts': '^2.0.0' });
    meta.apps.mf_blog = { ...remote({ react: '^19.3.1' }), version: 'blog-v1' };
    expect(buildProblems(meta)).toEqual([
      'mf_rules rules-v7 needs @arttoy/shared ^2.0.0; shell shell-v2 provides 1.0.0.',
    ]);
    // A new shell that drops React 19 breaks the live blog.
    meta.apps.mf_rules = remote({ '@arttoy/shared/contracts': '^1.0.0' });
    meta.apps.shell = shell({ ...PROVIDED, react: '20.0.0', 'react/jsx-runtime': '20.0.0' });
    expect(buildProblems(meta)).toEqual([
      'mf_blog blog-v1 needs react ^19.3.1; shell shell-v2 provides 20.0.0.',
    ]);
  });
});

describe('packageOfShareKey', () => {
  it.each([
    ['react', 'react'],
    ['react/jsx-runtime', 'react'],
    ['@arttoy/shared/federation/page-data', '@arttoy/shared'],
    ['@tanstack/react-query', '@tanstack/react-query'],
  ])('%s belongs to %s', (key, pkg) => expect(packageOfShareKey(key)).toBe(pkg));
});

describe('the manifest fields', () => {
  it('keeps a manifest with needs and provides, and an old one without them, valid', () => {
    const meta = buildMetaFixture();
    expect(parseBuildMeta(meta, 'old.json')).toEqual(meta);
    meta.apps.shell = shell(PROVIDED);
    meta.apps.mf_rules = remote({ react: '^19.3.1 || ^20.0.0' });
    expect(parseBuildMeta(meta, 'new.json')).toEqual(meta);
  });

  it('refuses a share key or range that is not written as npm writes them', () => {
    const meta = buildMetaFixture();
    meta.apps.mf_rules = remote({ 'React DOM': '^19' });
    expect(() => parseBuildMeta(meta, 'bad.json')).toThrow(/share key/);
    meta.apps.mf_rules = remote({ react: '"><script>' });
    expect(() => parseBuildMeta(meta, 'bad.json')).toThrow(/version or range/);
  });
});
