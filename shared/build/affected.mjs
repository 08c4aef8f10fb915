// Chooses what CI runs for a change, so a team that changes only its remote waits for its own tests:
// that remote's jest tests, the contract tests, its build and the browser specs that exercise it
// (e2e/spec-apps.json). Anything else that the site is built from (shared/, the shell, the API,
// deploy/, the build and test set-up, the lock file, content) runs everything, as `npm test` does.
//   node shared/build/affected.mjs [--base REF] [--plan] [--build-all]
// --plan prints the selection as JSON and runs nothing; --build-all builds every app before the
// browser specs instead of reusing the dist/ folders of apps the change does not touch.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { APPS } from './build-apps.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
export const REMOTES = APPS.filter((app) => app !== 'shell');
export const SPEC_MAP = 'e2e/spec-apps.json';
const SPEC_FILE = /\.(spec|deploys)\.ts$/;

/**
 * The contract tests: what checks the shell/remote contract and the manifest's schemas. They run
 * for every remote change, since a remote that breaks the contract breaks the page it lands on.
 */
export const CONTRACT_TESTS = [
  /^shared\/contracts\/.+\.test\.tsx?$/,
  /^shared\/federation\/.+\.test\.tsx?$/,
  /^deploy\/src\/(?:.+\/)?[^/]*(?:publish|releases|manifest|contract|compat)[^/]*\.test\.ts$/,
];

/**
 * How a test's title names a remote: its container name or the start of a path it owns. In a spec
 * that exercises every remote ("*" in the spec map), a test whose title names only other remotes
 * (`rules-authenticity /rules/authenticity → mf_rules`, `/gallery: the document holds the page`)
 * is left to their changes; a title that names none of them runs for every remote.
 */
export const REMOTE_MARKERS = {
  'mf-gallery': ['mf_gallery', '/gallery'],
  'mf-blog': ['mf_blog', '/blog'],
  'mf-mysterybox': ['mf_mysterybox', '/mysterybox', '/payment'],
  'mf-account': ['mf_account', '/login', '/locker', '/orders', '/profile'],
  'mf-rules': ['mf_rules', '/rules', '/help'],
};

/** @param {string} text */
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Playwright's --grep-invert that leaves out, in `specs` only, the tests whose titles name another
 * remote and none of `remotes`. Playwright matches it against "<project> <file> <titles>", the file
 * relative to e2e/tests.
 * @param {string[]} remotes
 * @param {string[]} specs relative to e2e/ (`tests/routes.spec.ts`)
 */
export function otherRemotesTitles(remotes, specs) {
  const markers = (/** @type {string[]} */ names) =>
    names
      .flatMap((name) => REMOTE_MARKERS[/** @type {keyof typeof REMOTE_MARKERS} */ (name)])
      .map(escapeRegExp)
      .join('|');
  const others = REMOTES.filter((remote) => !remotes.includes(remote));
  if (others.length === 0 || specs.length === 0) return null;
  const files = specs.map((spec) => escapeRegExp(spec.replace(/^tests\//, ''))).join('|');
  return `^\\S+ (?:${files}) (?!.*(?:${markers(remotes)})).*(?:${markers(others)})`;
}

/** Changes no test reads: typecheck and lint, which always run, cover them. */
const QUIET = [/^bench\//, /^\.git-blame-ignore-revs$/, /^\.gitignore$/];
/** The documents, checked by the jest project `docs` (ARCHITECTURE.md's folder map). */
const DOCUMENTS = [/^docs\//, /^[^/]+\.md$/];

/**
 * The npm workspaces, by folder, with the workspaces each one depends on (package.json's
 * dependencies of every kind).
 * @param {string} root
 * @returns {Map<string, Set<string>>}
 */
export function readWorkspaces(root) {
  /** @type {string[]} */
  const folders = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
  const manifests = folders.map((folder) => ({
    folder,
    manifest: JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')),
  }));
  const folderOf = new Map(manifests.map(({ folder, manifest }) => [manifest.name, folder]));
  return new Map(
    manifests.map(({ folder, manifest }) => {
      const names = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap(
        (field) => Object.keys(manifest[field] ?? {}),
      );
      const local = names.map((name) => folderOf.get(name)).filter((dep) => dep !== undefined);
      return [folder, new Set(local)];
    }),
  );
}

/**
 * The changed workspaces and every workspace that depends on them, directly or not.
 * @param {Map<string, Set<string>>} graph
 * @param {Iterable<string>} changed
 */
export function withDependents(graph, changed) {
  const affected = new Set(changed);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [folder, deps] of graph)
      if (!affected.has(folder) && [...deps].some((dep) => affected.has(dep))) {
        affected.add(folder);
        grew = true;
      }
  }
  return affected;
}

/**
 * The spec map's problems: a spec it does not name, a name with no spec, an app it does not know.
 * @param {unknown} map the parsed e2e/spec-apps.json
 * @param {string[]} specFiles the specs, relative to e2e/ (`tests/x.spec.ts`)
 * @returns {string[]}
 */
export function checkSpecMap(map, specFiles) {
  const specs = /** @type {{ specs?: unknown }} */ (map ?? {}).specs;
  if (typeof specs !== 'object' || specs === null || Array.isArray(specs))
    return [`${SPEC_MAP} must have a "specs" object: { "tests/x.spec.ts": ["mf-gallery", …] }.`];
  const entries = Object.entries(specs);
  const known = ['*', ...APPS];
  const problems = specFiles
    .filter((spec) => !(spec in specs))
    .map(
      (spec) =>
        `${SPEC_MAP} does not name e2e/${spec}: add it with the apps it exercises (${known.join(', ')}).`,
    );
  for (const [spec, apps] of entries) {
    if (!specFiles.includes(spec))
      problems.push(`${SPEC_MAP} names e2e/${spec}, which is not a spec of e2e/tests: remove it.`);
    if (!Array.isArray(apps) || apps.length === 0)
      problems.push(`${SPEC_MAP}: e2e/${spec} must list at least one app (${known.join(', ')}).`);
    else
      for (const app of apps)
        if (!known.includes(app))
          problems.push(`${SPEC_MAP}: e2e/${spec} names "${app}"; the apps are ${known.join(', ')}.`);
  }
  return problems;
}

/**
 * What a change runs.
 * @param {{
 *   changed: string[],
 *   graph: Map<string, Set<string>>,
 *   specMap: Record<string, string[]>,
 *   specFiles: string[],
 *   testFiles: string[],
 * }} input changed files and test files relative to the repository, specs relative to e2e/
 */
export function selectTests({ changed, graph, specMap, specFiles, testFiles }) {
  /** @type {string[]} */
  const reasons = [];
  const touched = new Set();
  const specs = new Set();
  let documents = false;
  for (const file of changed) {
    const specPath = file.startsWith('e2e/tests/') ? file.slice('e2e/'.length) : null;
    if (specPath && SPEC_FILE.test(specPath)) {
      // A deleted spec has nothing left to run.
      if (specFiles.includes(specPath)) specs.add(specPath);
      continue;
    }
    if (QUIET.some((pattern) => pattern.test(file))) continue;
    if (DOCUMENTS.some((pattern) => pattern.test(file))) {
      documents = true;
      continue;
    }
    const workspace = [...graph.keys()].find((folder) => file.startsWith(`${folder}/`));
    if (workspace === undefined) reasons.push(`${file} is part of the build or the tests' set-up`);
    else if (file === `${workspace}/package.json`) reasons.push(`${file} changes dependencies`);
    else touched.add(workspace);
  }
  const affected = withDependents(graph, touched);
  for (const workspace of affected) {
    if (REMOTES.includes(workspace)) continue;
    if (touched.has(workspace)) reasons.push(`${workspace}/ changed`);
    else {
      const through = [...touched].filter((folder) => withDependents(graph, [folder]).has(workspace));
      reasons.push(`${workspace}/ depends on ${through.map((folder) => `${folder}/`).join(', ')}`);
    }
  }
  if (reasons.length > 0)
    return {
      full: true,
      reasons,
      remotes: [],
      jestPaths: [],
      build: [],
      specs: [],
      everyRemoteSpecs: [],
      grepInvert: null,
      affected: [...affected],
    };

  const remotes = REMOTES.filter((remote) => affected.has(remote));
  const everyRemote = new Set();
  for (const [spec, apps] of Object.entries(specMap)) {
    if (apps.some((app) => remotes.includes(app))) specs.add(spec);
    else if (apps.includes('*') && remotes.length > 0) everyRemote.add(spec);
  }
  const contracts =
    remotes.length > 0 ? testFiles.filter((file) => CONTRACT_TESTS.some((test) => test.test(file))) : [];
  // A spec named for the remote, or changed itself, runs whole; one for every remote, in part.
  const everyRemoteSpecs = specFiles.filter((spec) => everyRemote.has(spec) && !specs.has(spec));
  const jestPaths = [...remotes.map((remote) => `${remote}/`), ...contracts, ...(documents ? ['docs/'] : [])];
  return {
    full: false,
    reasons,
    remotes,
    jestPaths,
    build: remotes,
    specs: specFiles.filter((spec) => specs.has(spec) || everyRemote.has(spec)),
    everyRemoteSpecs,
    grepInvert: otherRemotesTitles(remotes, everyRemoteSpecs),
    affected: [...affected],
  };
}

/**
 * Files changed since the merge base of `base` and HEAD, and in the work tree (staged, unstaged,
 * untracked), so a run before a commit sees the edit too.
 * @param {string} root
 * @param {string} base
 */
export function changedFiles(root, base) {
  const git = (/** @type {string[]} */ args) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .filter(Boolean);
  let mergeBase;
  try {
    [mergeBase] = git(['merge-base', base, 'HEAD']);
  } catch {
    throw new Error(`"${base}" is not a commit this clone knows: fetch it, or pass --base <ref>.`);
  }
  return [
    ...new Set([
      ...git(['diff', '--name-only', '--no-renames', mergeBase, 'HEAD']),
      ...git(['diff', '--name-only', '--no-renames', 'HEAD']),
      ...git(['ls-files', '--others', '--exclude-standard']),
    ]),
  ].toSorted();
}

/** The specs of e2e/tests, relative to e2e/. @param {string} root */
export function listSpecFiles(root) {
  return readdirSync(path.join(root, 'e2e/tests'))
    .filter((name) => SPEC_FILE.test(name))
    .map((name) => `tests/${name}`)
    .toSorted();
}

/** The repository's jest test files, relative to it. @param {string} root */
export function listTestFiles(root) {
  return execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '*.test.ts', '*.test.tsx'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((file) => file && existsSync(path.join(root, file)));
}

/**
 * Reads the spec map and throws, naming every problem, when it does not match e2e/tests.
 * @param {string} root
 * @returns {Record<string, string[]>}
 */
export function readSpecMap(root) {
  const map = JSON.parse(readFileSync(path.join(root, SPEC_MAP), 'utf8'));
  const problems = checkSpecMap(map, listSpecFiles(root));
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return map.specs;
}

/** @param {string} command @param {string[]} args */
function run(command, args, cwd = ROOT) {
  console.log(`\n--- ${[command, ...args].join(' ')}`);
  const startedAt = performance.now();
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  console.log(`--- ${command} ${args[0]} ended in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (${result.signal ?? `exit ${result.status}`}).`);
    process.exit(result.status ?? 1);
  }
}

/** @param {ReturnType<typeof selectTests>} plan @param {{ buildAll: boolean }} options */
function runPlan(plan, { buildAll }) {
  if (plan.full) {
    run('npm', ['test']);
    return;
  }
  if (plan.jestPaths.length > 0) {
    const projects = [...new Set(plan.jestPaths.map((file) => file.split('/')[0]))];
    // Jest matches each pattern anywhere in a test's absolute path: anchored, `docs/` is not api/src/docs/.
    const patterns = plan.jestPaths.map((file) => `^${escapeRegExp(path.join(ROOT, file))}`);
    run('npx', ['jest', '--selectProjects', ...projects, '--', ...patterns]);
  }
  if (plan.specs.length === 0) {
    if (plan.build.length > 0) run('node', ['shared/build/build-apps.mjs', ...plan.build]);
    return;
  }
  // The browser specs need the whole site: the apps the change touches are built, the others are
  // built only when their dist/ is missing (a pipeline restores them from the base's build).
  const built = (/** @type {string} */ app) =>
    existsSync(path.join(ROOT, app, 'dist', app === 'shell' ? 'main.js' : 'remoteEntry.js'));
  const build = APPS.filter((app) => buildAll || plan.build.includes(app) || !built(app));
  run('npm', ['run', 'build', '-w', 'api']);
  if (build.length > 0) run('node', ['shared/build/build-apps.mjs', ...build]);
  run('npm', ['run', 'publish:all', '-w', 'deploy']);
  // Specs that deploy run alone after the others (playwright.config.ts); naming one file would
  // otherwise pull in every site spec as its project's dependency.
  const site = plan.specs.filter((spec) => spec.endsWith('.spec.ts'));
  const deploys = plan.specs.filter((spec) => spec.endsWith('.deploys.ts'));
  const grep = plan.grepInvert ? [`--grep-invert=${plan.grepInvert}`] : [];
  if (site.length > 0)
    run('npx', ['playwright', 'test', '--project=site', ...grep, ...site], path.join(ROOT, 'e2e'));
  if (deploys.length > 0)
    run('npx', ['playwright', 'test', '--project=deploys', '--no-deps', ...deploys], path.join(ROOT, 'e2e'));
}

function main() {
  let options;
  try {
    options = parseArgs({
      args: process.argv.slice(2),
      options: {
        base: { type: 'string', default: 'main' },
        plan: { type: 'boolean', default: false },
        'build-all': { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    console.error(
      `${error instanceof Error ? error.message : String(error)}\nUsage: node shared/build/affected.mjs [--base REF] [--plan] [--build-all]`,
    );
    process.exit(2);
  }
  const startedAt = performance.now();
  const plan = selectTests({
    changed: changedFiles(ROOT, options.base),
    graph: readWorkspaces(ROOT),
    specMap: readSpecMap(ROOT),
    specFiles: listSpecFiles(ROOT),
    testFiles: listTestFiles(ROOT),
  });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
  if (options.plan) {
    console.log(JSON.stringify(plan, null, 2));
    return;
  }
  console.log(
    plan.full
      ? `Everything runs (chosen in ${seconds} s):\n  ${plan.reasons.join('\n  ')}`
      : `Changed since ${options.base}: ${plan.remotes.join(', ') || 'no remote'} (chosen in ${seconds} s)\n` +
          `  jest: ${plan.jestPaths.join(' ') || 'none'}\n  build: ${plan.build.join(' ') || 'none'}\n` +
          `  browser specs: ${plan.specs.join(' ') || 'none'}`,
  );
  runPlan(plan, { buildAll: options['build-all'] });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
