// Compiles the servers to JavaScript for a production start with `node` (no tsx, no development
// dependencies): one ES module per server in dist/servers/, with its source map.
//   node shared/build/build-servers.mjs [--outdir DIR]
// Our own workspace packages (@arttoy/*, whose exports are TypeScript files) are bundled in; every
// npm package stays an import, so a production install provides it and instrumentation that hooks
// module loading (OpenTelemetry) still sees pg, fastify and http. The build fails, naming each one,
// when a server imports a package that is not a production dependency of the workspace importing it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The servers: output name (dist/servers/<name>.mjs) → source. `optional`: built when its source
 * exists, left out otherwise.
 * @type {Array<{ name: string, source: string, optional?: boolean }>}
 */
export const SERVERS = [
  { name: 'api-server', source: 'api/src/server.ts' },
  { name: 'api-cluster', source: 'api/src/cluster.ts' },
  { name: 'site-server', source: 'deploy/src/server.ts' },
  { name: 'deploy-service', source: 'deploy/src/deploy-service/main.ts' },
  // Tracing's preloads (`node --import`): with an OTLP endpoint set they start OpenTelemetry before
  // the server's modules load; without one they load nothing.
  { name: 'api-tracing', source: 'api/src/observability/tracing-preload.ts' },
  { name: 'site-tracing', source: 'deploy/src/observability/tracing-preload.ts' },
  // The migration step (npm run db:migrate): built once its command exists.
  { name: 'db-migrate', source: 'api/src/db/migrate-cli.ts', optional: true },
];

const USAGE = `Usage: node shared/build/build-servers.mjs [--outdir DIR]
  Compiles ${SERVERS.map(({ source }) => source).join(', ')} into DIR (default dist/servers/).`;

/** The package a bare specifier names: `pg`, `@fastify/static`, `drizzle-orm` for `drizzle-orm/pglite`. */
export function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The installed package a file belongs to (the last `node_modules/<name>` on its path): its folder and name.
 * @param {string} file
 */
function installedPackage(file) {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  if (at === -1) return null;
  const end = at + (parts[at + 1]?.startsWith('@') ? 3 : 2);
  return { folder: parts.slice(0, end).join(path.sep), name: parts.slice(at + 1, end).join('/') };
}

/** Whether the package in `folder` maps its files with "exports" (Node then resolves its subpaths as esbuild does). */
function hasExports(folder) {
  return 'exports' in JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
}

/**
 * Keeps npm packages out of the bundle, each as an import that resolves from the output to the very
 * copy the importing workspace resolves: a bare specifier when that copy is the hoisted one in the
 * root node_modules, else a relative path to the file (npm nests a workspace's own version in
 * <workspace>/node_modules, which a file in dist/servers/ would not find).
 * @param {{ root: string, outdir: string }} where
 * @returns {esbuild.Plugin}
 */
function npmPackagesStayImports({ root, outdir }) {
  const again = Symbol('resolving');
  return {
    name: 'npm-packages-stay-imports',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === again || path.isAbsolute(args.path)) return undefined;
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        if (args.path.startsWith('@arttoy/')) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: again,
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        const name = packageName(args.path);
        const installed = installedPackage(resolved.path);
        if (installed === null) return { path: args.path, external: true };
        if (installed.folder === path.join(root, 'node_modules', name)) {
          // Node finds a file of a package without "exports" only by its whole name (bundlers and
          // tsx also try extensions): semver/functions/satisfies → semver/functions/satisfies.js.
          if (args.path === name || hasExports(installed.folder)) return { path: args.path, external: true };
          const file = path.relative(installed.folder, resolved.path).split(path.sep).join('/');
          return { path: `${name}/${file}`, external: true };
        }
        const relative = path.relative(outdir, resolved.path).split(path.sep).join('/');
        return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
      });
    },
  };
}

/**
 * Every import of an npm package that a production install would not provide: the package is not in
 * the `dependencies` of the workspace whose file imports it, or the copy it resolves to is one that
 * only development installs have (package-lock.json marks it `dev`). One line per problem.
 * @param {{ metafile: esbuild.Metafile, outdir: string, root?: string }} build
 * @returns {string[]}
 */
export function productionImportProblems({ metafile, outdir, root = ROOT }) {
  const manifest = (folder) => JSON.parse(fs.readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
  const workspaces = /** @type {string[]} */ (manifest('.').workspaces).map((folder) => ({
    folder,
    dependencies: manifest(folder).dependencies ?? {},
    devDependencies: manifest(folder).devDependencies ?? {},
  }));
  const locked = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages;
  // What the output files import: an import of types only is in its input's list but not here.
  const emitted = new Set(
    Object.values(metafile.outputs).flatMap(({ imports }) => imports.map((entry) => entry.path)),
  );
  const problems = new Set();
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    for (const { path: specifier, external } of imports) {
      if (!external || !emitted.has(specifier) || isBuiltin(specifier)) continue;
      const installed = specifier.startsWith('.')
        ? installedPackage(path.resolve(outdir, specifier))
        : installedPackage(path.join(root, 'node_modules', packageName(specifier)));
      if (installed === null) continue;
      const { folder, name } = installed;
      const workspace = workspaces.find((candidate) => input.startsWith(`${candidate.folder}/`));
      if (!workspace) {
        problems.add(
          `${input} imports "${specifier}" but is in no workspace, so no package.json provides it.`,
        );
        continue;
      }
      if (!(name in workspace.dependencies)) {
        problems.add(
          `${input} imports "${specifier}", which is not in the "dependencies" of ${workspace.folder}/package.json` +
            (name in workspace.devDependencies
              ? ' (it is a devDependency: a production install leaves it out).'
              : '.'),
        );
        continue;
      }
      const entry = locked[path.relative(root, folder).split(path.sep).join('/')];
      if (!entry || entry.dev)
        problems.add(
          `${input} imports "${specifier}", which resolves to ${path.relative(root, folder)}: ` +
            (entry ? 'a copy only development installs have.' : 'a folder package-lock.json does not list.'),
        );
    }
  }
  return [...problems];
}

/**
 * The imports of the output that Node itself cannot resolve from `outdir` (a bundler or tsx may
 * have found them by a rule Node does not follow), each with Node's reason.
 * @param {{ metafile: esbuild.Metafile, outdir: string }} build
 * @returns {string[]}
 */
export function unresolvedImports({ metafile, outdir }) {
  const specifiers = [
    ...new Set(
      Object.values(metafile.outputs).flatMap(({ imports }) =>
        imports.filter((entry) => entry.external && !isBuiltin(entry.path)).map((entry) => entry.path),
      ),
    ),
  ];
  // An ES module evaluated with outdir as its folder: import.meta.resolve answers as an import there
  // would, except that it names a file without checking that the file is there.
  const probe = [
    "import fs from 'node:fs';",
    "import { fileURLToPath } from 'node:url';",
    'const missing = [];',
    `for (const specifier of ${JSON.stringify(specifiers)}) {`,
    '  let reason = null;',
    '  try {',
    '    const url = import.meta.resolve(specifier);',
    "    if (url.startsWith('file:') && !fs.existsSync(fileURLToPath(url))) reason = 'Cannot find module ' + fileURLToPath(url);",
    '  } catch (error) {',
    "    reason = error.message.split('\\n')[0];",
    '  }',
    '  if (reason) missing.push(JSON.stringify(specifier) + ": " + reason);',
    '}',
    'process.stdout.write(JSON.stringify(missing));',
  ].join('\n');
  const run = spawnSync(process.execPath, ['--input-type=module', '--eval', probe], {
    cwd: outdir,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`Could not check the servers' imports with node:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

/**
 * Builds every server into `outdir` (emptied first; a folder inside the repository, so that the
 * servers' imports resolve from its node_modules). Throws with esbuild's messages when a source
 * does not compile, and with every import a production install would not provide.
 * @param {{ outdir?: string, root?: string }} [options]
 * @returns {Promise<{ outdir: string, files: string[], metafile: esbuild.Metafile }>}
 */
export async function buildServers({ outdir = path.join(ROOT, 'dist', 'servers'), root = ROOT } = {}) {
  const entries = SERVERS.filter(({ source, optional }) => {
    if (fs.existsSync(path.join(root, source))) return true;
    if (optional) return false;
    throw new Error(
      `The server source ${source} does not exist: fix SERVERS in shared/build/build-servers.mjs.`,
    );
  });
  const fromRoot = path.relative(root, outdir);
  if (fromRoot === '' || fromRoot.startsWith('..') || path.isAbsolute(fromRoot))
    throw new Error(
      `The servers' folder ${outdir} must be inside the repository (${root}): the compiled servers import npm packages from its node_modules.`,
    );
  fs.rmSync(outdir, { recursive: true, force: true });
  let result;
  try {
    result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: Object.fromEntries(entries.map(({ name, source }) => [name, source])),
      outdir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      sourcemap: true,
      keepNames: true,
      // Resolve packages as Node does (no bundler-only "module" condition or field).
      conditions: [],
      mainFields: ['main'],
      // The project root seen from the output (api/src/project-files.ts): its files are found from there.
      define: { ARTTOY_PROJECT_ROOT_FROM_BUILD: JSON.stringify(path.relative(outdir, root)) },
      plugins: [npmPackagesStayImports({ root, outdir })],
      metafile: true,
      logLevel: 'silent',
    });
  } catch (error) {
    const messages = /** @type {{ errors?: esbuild.Message[] }} */ (error).errors;
    if (!messages) throw error;
    const text = await esbuild.formatMessages(messages, { kind: 'error', color: false });
    throw new Error(`The servers did not compile:\n${text.join('')}`, { cause: error });
  }
  const problems = productionImportProblems({ metafile: result.metafile, outdir, root });
  if (problems.length > 0)
    throw new Error(
      `The compiled servers import packages a production install (npm ci --omit=dev) would not provide:\n` +
        problems.map((problem) => `  - ${problem}`).join('\n') +
        '\nMove each to the "dependencies" of the package.json named (npm install --save-exact <name>@<version> -w <workspace>), or keep its use out of the servers.',
    );
  const unresolved = unresolvedImports({ metafile: result.metafile, outdir });
  if (unresolved.length > 0)
    throw new Error(
      `Node cannot resolve these imports of the compiled servers from ${outdir}:\n` +
        unresolved.map((problem) => `  - ${problem}`).join('\n'),
    );
  const files = entries.map(({ name }) => path.join(outdir, `${name}.mjs`));
  return { outdir, files, metafile: result.metafile };
}

async function main() {
  let outdir;
  try {
    const { values } = parseArgs({
      options: { outdir: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      console.log(USAGE);
      return;
    }
    outdir = values.outdir && path.resolve(values.outdir);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  const startedAt = performance.now();
  try {
    const { files } = await buildServers(outdir ? { outdir } : {});
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    console.log(`Servers compiled (${seconds} s):`);
    for (const file of files)
      console.log(
        `  ${path.relative(process.cwd(), file)}  ${(fs.statSync(file).size / 1024).toFixed(0)} KiB`,
      );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
