// Measures Rspack against webpack on the same apps (issue 22 item 2): build time, cold and warm,
// and the bytes a first page load needs, for the smallest remote (mf-rules) and the shell. A
// measurement, not part of the build: it writes to a scratch folder only (default
// /tmp/rspack-compare), never to an app's dist/ or to .origin/.
//   node bench/rspack-compare.mjs [--runs N] [--out DIR] [app …]
// Each build runs in a process of its own (a warm JIT or module cache in this process would flatter
// the later runs); "cold" builds without a cache, "warm" rebuilds unchanged sources over a
// filesystem cache one untimed build has filled.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import vm from 'node:vm';
import zlib from 'node:zlib';

const ROOT = new URL('../', import.meta.url).pathname;
const APPS = ['mf-rules', 'shell'];
const BUNDLERS = ['webpack', 'rspack'];
const CACHES = ['cold', 'warm'];
const USAGE = `Usage: node bench/rspack-compare.mjs [--runs N] [--out DIR] [app …]
  Builds each app (default: ${APPS.join(', ')}) N times (default 3) with webpack and with Rspack,
  cold and warm, into DIR (default /tmp/rspack-compare; must be under /tmp), and prints a table.`;

/** The chunk group a page's first load needs besides the entry: the shell's start-up, a remote's ./app. */
function firstGroup(app) {
  return app === 'shell' ? 'bootstrap' : `expose-mf_${app.slice(3)}`;
}

/** The entry file a page loads first: the shell's main.js, a remote's container entry. */
function entryFile(app) {
  return app === 'shell' ? 'main.js' : 'remoteEntry.js';
}

// ---------------------------------------------------------------------------------------------
// One build, in a child process: `--child <bundler> <app> <cold|warm> <out>` prints one JSON line.

/** The app's production browser config from the factory, written to `out` (webpack). */
async function webpackConfig(app, out, cacheDir) {
  process.env.WEBPACK_CACHE = cacheDir ? 'on' : 'off';
  const { default: factory } = await import(path.join(ROOT, app, 'webpack.config.mjs'));
  const made = factory({}, { mode: 'production' });
  const browser = Array.isArray(made) ? made[0] : made;
  return {
    ...browser,
    output: { ...browser.output, path: out, clean: true },
    cache: cacheDir ? { ...browser.cache, cacheDirectory: cacheDir } : false,
  };
}

/**
 * The Rspack config equivalent to the factory's browser build: the same entry, output names,
 * Module Federation options (shared singletons, the one expose, the shell's runtime plugins, the
 * lean runtime), swc (builtin:swc-loader, the same jsc options), extracted CSS, swc minifier with
 * the same options, precompression, default splitChunks (as the factory). What it leaves out:
 * preload.json (PreloadListPlugin reads webpack's chunk graph and module blocks).
 */
async function rspackConfig(app, out, cacheDir) {
  const { rspack } = await import('@rspack/core');
  const { ModuleFederationPlugin } = await import('@module-federation/enhanced/rspack');
  const { default: HtmlWebpackPlugin } = await import('html-webpack-plugin');
  const { default: CompressionPlugin } = await import('compression-webpack-plugin');
  const { sharedModules, SHELL_BASE_PLACEHOLDER } = await import(path.join(ROOT, 'shared/build/webpack.mjs'));
  const dir = path.join(ROOT, app);
  const isHost = app === 'shell';
  const name = isHost ? 'shell' : `mf_${app.slice(3)}`;
  const runtimePlugins = isHost ? [path.join(dir, 'src/federation/runtime-plugin.ts')] : [];
  const compress = { test: /\.(js|css|json|svg)$/, threshold: 1024, minRatio: 0.9 };
  return {
    name,
    mode: 'production',
    context: dir,
    cache: cacheDir ? { type: 'persistent', storage: { type: 'filesystem', directory: cacheDir } } : false,
    entry: { main: './src/index.ts' },
    devtool: 'source-map',
    output: {
      path: out,
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      publicPath: 'auto',
      uniqueName: name,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: false } },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        {
          test: /\.css$/,
          use: [rspack.CssExtractRspackPlugin.loader, 'css-loader'],
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(isHost
          ? { remotes: {} }
          : {
              filename: 'remoteEntry.js',
              exposes: { './app': { import: './src/app.tsx', name: `expose-${name}` } },
            }),
        shared: sharedModules(),
        runtimePlugins,
        dts: false,
        manifest: false,
        experiments: {
          optimization: { disableSnapshot: true, target: 'web', ...(isHost ? {} : { disableRemote: true }) },
        },
      }),
      new HtmlWebpackPlugin({
        template: isHost ? path.join(dir, 'src/index.html') : path.join(ROOT, 'shared/harness/index.html'),
        title: app,
        chunks: ['main'],
        publicPath: isHost ? SHELL_BASE_PLACEHOLDER : '/',
        scriptLoading: 'defer',
        minify: true,
      }),
      new rspack.CssExtractRspackPlugin({
        filename: '[name].css',
        chunkFilename: '[name].[contenthash:10].css',
      }),
      new CompressionPlugin({
        ...compress,
        filename: '[path][base].br',
        algorithm: 'brotliCompress',
        compressionOptions: {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
        },
      }),
      new CompressionPlugin({
        ...compress,
        filename: '[path][base].gz',
        algorithm: 'gzip',
        compressionOptions: { level: 9 },
      }),
    ],
    optimization: {
      minimizer: [
        new rspack.SwcJsMinimizerRspackPlugin({
          minimizerOptions: { compress: { passes: 2 }, mangle: true },
        }),
      ],
    },
    performance: { hints: false },
  };
}

async function child(bundler, app, cache, out) {
  const cacheDir = cache === 'warm' ? path.join(out, '..', `cache-${bundler}-${app}`) : undefined;
  const config =
    bundler === 'webpack' ? await webpackConfig(app, out, cacheDir) : await rspackConfig(app, out, cacheDir);
  const compile =
    bundler === 'webpack' ? (await import('webpack')).default : (await import('@rspack/core')).rspack;
  const started = performance.now();
  const stats = await new Promise((resolve, reject) => {
    const compiler = compile(config);
    compiler.run((error, result) => {
      compiler.close(() => (error ? reject(error) : resolve(result)));
    });
  });
  const ms = Math.round(performance.now() - started);
  if (stats.hasErrors())
    throw new Error(`${bundler} ${app}: ${stats.toString({ all: false, errors: true })}`);
  const json = stats.toJson({
    all: false,
    assets: true,
    chunks: true,
    chunkModules: true,
    chunkModulesSpace: Infinity,
    dependentModules: true,
    chunkGroups: true,
    chunkOrigins: true,
    entrypoints: true,
    ids: true,
  });
  const files = firstLoadFiles(app, json);
  console.log(JSON.stringify({ ms, files }));
}

const CONSUME = /^consume shared module \(\w+\) (.+?)@/;
const PROVIDE = /^provide shared module \(\w+\) (.+?)@/;

/**
 * The JS files of a first page load, read from the build's stats the same way for both bundlers
 * (as preload.json does from webpack's chunk graph): the entry and its initial chunks, the first
 * group (the shell's bootstrap, a remote's ./app), and, for the shell, the chunks of every shared
 * module those take from the share scope, transitively (the shell provides them all; a remote's
 * page takes them from the shell, so a remote counts its own code only).
 */
function firstLoadFiles(app, json) {
  const files = new Set([entryFile(app)]);
  const chunksById = new Map((json.chunks ?? []).map((chunk) => [chunk.id, chunk]));
  const queue = [];
  const addChunk = (chunk) => {
    if (!chunk || queue.includes(chunk)) return;
    queue.push(chunk);
    for (const file of chunk.files ?? []) if (file.endsWith('.js')) files.add(file);
  };
  for (const entry of Object.values(json.entrypoints ?? {}))
    for (const id of entry.chunks ?? []) addChunk(chunksById.get(id));
  for (const id of json.namedChunkGroups?.[firstGroup(app)]?.chunks ?? []) addChunk(chunksById.get(id));
  if (app === 'shell') {
    for (let index = 0; index < queue.length; index += 1) {
      for (const module of queue[index].modules ?? []) {
        const key =
          module.moduleType === 'consume-shared-module' ? CONSUME.exec(module.name ?? '')?.[1] : undefined;
        if (!key) continue;
        for (const chunk of chunksById.values()) {
          if (
            (chunk.origins ?? []).some(
              (origin) => PROVIDE.exec(origin.moduleName ?? origin.module ?? '')?.[1] === key,
            )
          )
            addChunk(chunk);
        }
      }
    }
  }
  // A remote's page loads its container entry, not its standalone page's main.js.
  return [...files].filter((file) => !(app !== 'shell' && file === 'main.js')).toSorted();
}

// ---------------------------------------------------------------------------------------------
// The comparison.

function runChild(bundler, app, cache, out) {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [new URL(import.meta.url).pathname, '--child', bundler, app, cache, out],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const wall = Math.round(performance.now() - started);
  if (result.status !== 0)
    throw new Error(`${bundler} build of ${app} (${cache}) failed:\n${result.stderr}${result.stdout}`);
  const line = result.stdout.trim().split('\n').at(-1);
  return { ...JSON.parse(line), wall };
}

function median(values) {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

function bytes(out, files) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    if (!fs.existsSync(path.join(out, file)))
      throw new Error(
        `${out}/${file} (named by the cold build) is missing after the warm build: the cached build gave other files.`,
      );
    const content = fs.readFileSync(path.join(out, file));
    raw += content.length;
    gzip += zlib.gzipSync(content, { level: 9 }).length;
  }
  return { raw, gzip };
}

function allJs(out) {
  return fs.readdirSync(out).filter((file) => file.endsWith('.js'));
}

/**
 * Whether a remote's container entry works the way the webpack-built shell uses it: the shell
 * registers remotes by entry URL (a script defining the global named after the container), and its
 * federation runtime calls `init(shareScope)` and `get('./app')`. Runs the entry in a bare context
 * whose `document` loads a chunk by running its file from the build folder and answers a stylesheet
 * at once, then initialises it with an empty share scope (so it takes its own fallbacks; the real
 * scope comes from the shell) and checks that `./app` gives single-spa lifecycles. Also reports
 * the federation runtime version compiled into the entry (the shell's is the installed one).
 */
/** What the container asks of the page's share scope, one `key requiredVersion singleton` line each, as compiled. */
function consumeSettings(code) {
  const settings = new Set();
  for (const [object] of code.matchAll(/\{[^{}]*shareKey:"[^"]+"[^{}]*\}/g)) {
    const key = /shareKey:"([^"]+)"/.exec(object)?.[1];
    const required = /requiredVersion:"([^"]+)"/.exec(object)?.[1];
    settings.add(`${key} ${required} ${/singleton:!0/.test(object) ? 'singleton' : 'not singleton'}`);
  }
  return [...settings].toSorted();
}

export async function containerCheck(out, containerName) {
  const origin = 'https://example.test/app/v1/';
  const sandbox = {
    console: { log() {}, info() {}, warn() {}, error() {}, debug() {} },
    setTimeout,
    clearTimeout,
    queueMicrotask,
    Promise,
    URL,
    TextEncoder,
    TextDecoder,
  };
  sandbox.self = sandbox;
  sandbox.window = sandbox;
  sandbox.globalThis = sandbox;
  sandbox.location = { href: origin, origin: 'https://example.test' };
  sandbox.navigator = { userAgent: 'node' };
  const run = (file) =>
    vm.runInContext(fs.readFileSync(path.join(out, file), 'utf8'), sandbox, { filename: file });
  const loaded = [];
  const element = (tagName) => ({
    tagName: tagName.toUpperCase(),
    attributes: {},
    style: {},
    setAttribute(name, value) {
      this.attributes[name] = value;
    },
    getAttribute(name) {
      return this.attributes[name] ?? null;
    },
  });
  const append = (node) => {
    const url = node.src ?? node.href;
    setTimeout(() => {
      try {
        if (node.tagName === 'SCRIPT') {
          const file = new URL(url).pathname.slice(new URL(origin).pathname.length);
          run(file);
          loaded.push(file);
        }
        node.onload?.({ type: 'load', target: node });
      } catch (error) {
        node.onerror?.({ type: 'error', target: node, error });
      }
    });
    return node;
  };
  const script = { ...element('script'), src: `${origin}remoteEntry.js` };
  sandbox.document = {
    currentScript: script,
    defaultView: sandbox,
    baseURI: origin,
    getElementsByTagName: (name) => (name === 'script' ? [script] : []),
    querySelector: () => null,
    querySelectorAll: () => [],
    createElement: element,
    head: { appendChild: append, insertBefore: append },
  };
  vm.createContext(sandbox);
  run('remoteEntry.js');
  const container = sandbox[containerName];
  const code = fs.readFileSync(path.join(out, 'remoteEntry.js'), 'utf8');
  const result = {
    global: Boolean(container),
    runtime: code.match(/this\.version="([\d.]+)"/)?.[1] ?? 'not found',
    consumes: consumeSettings(code),
    lifecycles: [],
    chunks: 0,
    error: undefined,
  };
  try {
    await container.init({});
    const factory = await container.get('./app');
    const exposed = factory();
    result.lifecycles = ['bootstrap', 'mount', 'unmount'].filter(
      (name) => typeof exposed[name] === 'function',
    );
  } catch (error) {
    result.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
  result.chunks = loaded.length;
  return result;
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { runs: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, { cause: error });
  }
  if (parsed.values.help) return console.log(USAGE);
  const runs = Number(parsed.values.runs ?? 3);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a whole number of at least 1, got "${parsed.values.runs}".\n${USAGE}`);
  const scratch = path.resolve(parsed.values.out ?? '/tmp/rspack-compare');
  if (!scratch.startsWith('/tmp/'))
    throw new Error(
      `--out must be a folder under /tmp (this is a measurement, not a build of the site), got "${scratch}".`,
    );
  const apps = parsed.positionals.length > 0 ? parsed.positionals : APPS;
  const unknown = apps.filter((app) => !APPS.includes(app));
  if (unknown.length > 0)
    throw new Error(`Unknown app ${unknown.join(', ')}: this compares ${APPS.join(', ')}.\n${USAGE}`);
  fs.rmSync(scratch, { recursive: true, force: true });

  // Runs alternate between the bundlers, so a busy moment on the machine costs both alike.
  const loadBefore = os.loadavg()[0];
  const rows = [];
  for (const app of apps) {
    const out = Object.fromEntries(
      BUNDLERS.map((bundler) => [bundler, path.join(scratch, `${bundler}-${app}`, 'dist')]),
    );
    const times = Object.fromEntries(BUNDLERS.map((bundler) => [bundler, { cold: [], warm: [] }]));
    const wall = Object.fromEntries(BUNDLERS.map((bundler) => [bundler, { cold: [], warm: [] }]));
    const files = {};
    for (const cache of CACHES) {
      // The warm runs' cache is filled by one untimed build first.
      if (cache === 'warm') for (const bundler of BUNDLERS) runChild(bundler, app, cache, out[bundler]);
      for (let run = 0; run < runs; run += 1) {
        for (const bundler of BUNDLERS) {
          const result = runChild(bundler, app, cache, out[bundler]);
          times[bundler][cache].push(result.ms);
          wall[bundler][cache].push(result.wall);
          // webpack's stats from a cached build leave out the share-scope modules: read the cold build's.
          if (cache === 'cold') files[bundler] = result.files;
          process.stderr.write(
            `${app} ${bundler} ${cache} run ${run + 1}: ${result.ms} ms (${result.wall} ms with start-up)\n`,
          );
        }
      }
    }
    for (const bundler of BUNDLERS) {
      const first = bytes(out[bundler], files[bundler]);
      const total = bytes(out[bundler], allJs(out[bundler]));
      const check = app === 'shell' ? undefined : await containerCheck(out[bundler], `mf_${app.slice(3)}`);
      const { cold, warm } = times[bundler];
      rows.push({
        app,
        bundler,
        cold: median(cold),
        warm: median(warm),
        coldWall: median(wall[bundler].cold),
        warmWall: median(wall[bundler].warm),
        coldRuns: cold,
        warmRuns: warm,
        first,
        total,
        firstFiles: files[bundler],
        check,
      });
    }
  }
  const load = { before: loadBefore, after: os.loadavg()[0], cores: os.availableParallelism() };
  // The Rspack remote asks the page's share scope for exactly what the webpack one asks.
  for (const row of rows) {
    const twin = rows.find((other) => other.app === row.app && other.bundler === 'webpack');
    if (row.check && twin?.check)
      row.check.sameConsumes = JSON.stringify(row.check.consumes) === JSON.stringify(twin.check.consumes);
  }
  fs.writeFileSync(path.join(scratch, 'results.json'), `${JSON.stringify({ load, rows }, null, 1)}\n`);
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(
    '| app | bundler | cold build s | warm build s | first load JS KB (gzip -9) | files | all JS KB (gzip -9) | remote entry loads as a container |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const check = row.check
      ? row.check.lifecycles.length === 3
        ? `yes: init, get('./app') → ${row.check.lifecycles.join('/')} (${row.check.chunks} chunks; runtime ${row.check.runtime}; ${row.check.consumes.length} shared singletons${row.check.sameConsumes ? ", as webpack's" : ", NOT as webpack's"})`
        : `no: ${row.check.error ?? 'no lifecycles'}`
      : '–';
    const seconds = (compile, withStartUp) =>
      `${(compile / 1000).toFixed(1)} (${(withStartUp / 1000).toFixed(1)})`;
    console.log(
      `| ${row.app} | ${row.bundler} | ${seconds(row.cold, row.coldWall)} | ${seconds(row.warm, row.warmWall)} | ${kb(row.first.raw)} (${kb(row.first.gzip)}) | ${row.firstFiles.length} | ${kb(row.total.raw)} (${kb(row.total.gzip)}) | ${check} |`,
    );
  }
  console.log(
    '\nBuild times: median compile (with process start-up and config), browser build only; KB raw (gzip -9).',
  );
  console.log(
    `Load average ${load.before.toFixed(1)} → ${load.after.toFixed(1)} on ${load.cores} cores. Runs and files: ${path.join(scratch, 'results.json')}`,
  );
}

const invoked = process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname;
if (invoked && process.argv[2] === '--child') {
  const [, , , bundler, app, cache, out] = process.argv;
  await child(bundler, app, cache, out);
} else if (invoked) {
  await main().catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
