// The one webpack config factory. Every app's webpack.config.mjs is a call to createConfig; the
// list of shared modules lives here and nowhere else. Node only: browser code never imports this.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import ReactRefreshWebpackPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import webpack from 'webpack';
import { DEV_HOST, devApiTarget, devPortOffset, devSiteMiddlewares } from './dev-site.mjs';
import { PreloadListPlugin } from './preload-list-plugin.mjs';
import { ContractPlugin } from './contract-plugin.mjs';
import { sharedPackageRange } from './shared-version.mjs';

const sharedPackage = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** Placeholder the site server replaces with the shell's versioned folder (`/shell/<version>/`). */
export const SHELL_BASE_PLACEHOLDER = '/%SHELL_BASE%/';

const HARNESS_TEMPLATE = new URL('../harness/index.html', import.meta.url).pathname;
const REACT_REFRESH_HOOK = new URL('./react-refresh-hook.cjs', import.meta.url).pathname;

/** What a build's cache depends on besides its sources: this factory, the app's config, the installed packages. */
const FACTORY_FILE = new URL(import.meta.url).pathname;
const LOCK_FILE = new URL('../../package-lock.json', import.meta.url).pathname;

/**
 * Webpack's filesystem cache, one per app, build and mode (in the app's node_modules/.cache/webpack):
 * a rebuild redoes only the modules that changed. A change to this factory, the app's config or the
 * lock file starts the cache afresh. WEBPACK_CACHE=off builds without it (a clean build to compare with).
 */
function cacheOptions(dir, cacheName) {
  const setting = (process.env.WEBPACK_CACHE ?? 'on').trim().toLowerCase();
  if (setting !== 'on' && setting !== 'off')
    throw new Error(`WEBPACK_CACHE must be "on" or "off", got "${process.env.WEBPACK_CACHE}".`);
  if (setting === 'off') return false;
  return {
    type: 'filesystem',
    name: cacheName,
    cacheDirectory: path.join(dir, 'node_modules/.cache/webpack'),
    buildDependencies: {
      config: [FACTORY_FILE, path.join(dir, 'webpack.config.mjs'), LOCK_FILE, path.join(dir, 'package.json')],
    },
  };
}

/** Subpaths of @arttoy/shared that hold page-wide state or contracts: one copy per page. */
const SHARED_SUBPATHS = [
  'auth',
  'config',
  'consent',
  'contracts',
  'events',
  'federation',
  'federation/page-data',
  'http',
  'query',
  'search',
  'stores',
  'ui',
];

/**
 * The modules every app shares, all singletons: one React, one react-dom, one zustand, one
 * single-spa and one copy of the shared package per page. react-router is deliberately not shared:
 * each app bundles a tree-shaken copy (smaller than the whole shared package on first load), and
 * the router *instance* is the shell's anyway (remotes receive its location and navigator as props).
 * zod is not shared either, for the same reason: shared, the whole of zod's core would come to the
 * home page, whose contracts are read with valibot (contracts/parse-or-explain.ts).
 * zustand/middleware is not shared: only `@arttoy/shared/stores` (itself one copy per page) uses it,
 * for `persist`, and shared it would come whole (devtools, redux, immer glue …) to the home page.
 */
function range(dependency) {
  const version = sharedPackage.dependencies[dependency];
  if (!version) throw new Error(`shared/package.json does not list ${dependency}; add it there first.`);
  return `^${version}`;
}

function singleton(dependency) {
  return { singleton: true, requiredVersion: range(dependency) };
}

/**
 * @param {{ development?: boolean, dir?: string }} [options] development: also `react/jsx-dev-runtime`, which
 *   development builds compile JSX to; unshared, a remote from a dev server would bring its own copy
 *   into a page whose React is the shell's. dir: the app's folder, whose package.json declares the
 *   range of `@arttoy/shared` the app needs (without it, `^` the shared package's own version).
 */
export function sharedModules({ development = false, dir } = {}) {
  const sharedRange = dir ? sharedPackageRange(dir) : `^${sharedPackage.version}`;
  return {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react'),
    ...(development ? { 'react/jsx-dev-runtime': singleton('react') } : {}),
    'react-dom': singleton('react-dom'),
    'react-dom/client': singleton('react-dom'),
    zustand: singleton('zustand'),
    'single-spa': singleton('single-spa'),
    ...Object.fromEntries(
      SHARED_SUBPATHS.map((subpath) => [
        `@arttoy/shared/${subpath}`,
        { singleton: true, requiredVersion: sharedRange, version: sharedPackage.version },
      ]),
    ),
  };
}

const OPTION_NAMES = ['name', 'dir', 'port', 'title', 'runtimePlugins', 'monolith'];

function fail(name, message) {
  throw new Error(`createConfig(${name ?? '?'}): ${message}`);
}

function validate(options) {
  if (typeof options !== 'object' || options === null)
    fail(undefined, 'expected an options object { name, dir, port, title }.');
  const { name, dir, port, title, runtimePlugins = [], monolith } = options;
  for (const key of Object.keys(options)) {
    if (!OPTION_NAMES.includes(key)) {
      fail(
        name,
        `unknown option "${key}". Allowed: ${OPTION_NAMES.join(', ')}. A remote exposes exactly one module (./app = src/app.tsx).`,
      );
    }
  }
  if (typeof name !== 'string' || !/^(shell|mf_[a-z]+)$/.test(name))
    fail(
      name,
      `"name" must be "shell" or a container name such as "mf_gallery", got ${JSON.stringify(name)}.`,
    );
  if (typeof dir !== 'string' || !path.isAbsolute(dir))
    fail(name, '"dir" must be the absolute folder of the app (use import.meta.dirname).');
  if (!fs.existsSync(path.join(dir, 'src/index.ts')))
    fail(
      name,
      `${dir}/src/index.ts is missing: every app's entry is a file containing only import('./bootstrap').`,
    );
  const isHost = name === 'shell';
  if (!isHost && !fs.existsSync(path.join(dir, 'src/app.tsx')))
    fail(
      name,
      `${dir}/src/app.tsx is missing: it is the one module a remote exposes (its single-spa lifecycles).`,
    );
  if (!Number.isInteger(port) || port < 1024 || port > 65535)
    fail(name, `"port" must be an integer between 1024 and 65535, got ${JSON.stringify(port)}.`);
  if (typeof title !== 'string' || title.trim() === '')
    fail(name, '"title" must be the page title of the app\'s HTML page.');
  if (!Array.isArray(runtimePlugins) || runtimePlugins.some((plugin) => typeof plugin !== 'string'))
    fail(name, '"runtimePlugins" must be a list of module paths.');
  if (monolith !== undefined) {
    if (!isHost)
      fail(name, '"monolith" builds the shell with every remote inside it; only the shell takes it.');
    if (
      typeof monolith !== 'object' ||
      monolith === null ||
      typeof monolith.remotes !== 'string' ||
      !path.isAbsolute(monolith.remotes) ||
      !fs.existsSync(monolith.remotes)
    ) {
      fail(
        name,
        '"monolith" must be { remotes, outputDir }: remotes = the absolute path of an existing module that replaces src/federation/remotes.ts.',
      );
    }
    if (typeof monolith.outputDir !== 'string' || !path.isAbsolute(monolith.outputDir))
      fail(name, '"monolith.outputDir" must be an absolute folder.');
  }
  return { name, dir, port, title, runtimePlugins, isHost, monolith };
}

/**
 * The plugin that makes an app federated, or, for the monolith, the one that swaps the shell's
 * remote loader for a module importing every remote's `./app` directly: the same code in one build,
 * with every shared module bundled once and no federation runtime (the benchmark's comparison).
 */
function compositionPlugin({ name, dir, runtimePlugins, isHost, monolith, development }) {
  if (monolith) {
    // Swapped before resolution, so the stand-in's own imports resolve from its folder.
    const federationDir = path.join(dir, 'src/federation');
    return new webpack.NormalModuleReplacementPlugin(/^\.\/remotes$/, (resource) => {
      if (resource.context === federationDir) resource.request = monolith.remotes;
    });
  }
  return new ModuleFederationPlugin({
    name,
    ...(isHost
      ? { remotes: {} }
      : {
          filename: 'remoteEntry.js',
          exposes: { './app': { import: './src/app.tsx', name: `expose-${name}` } },
        }),
    shared: sharedModules({ development, dir }),
    runtimePlugins: runtimePlugins.map((plugin) => path.resolve(dir, plugin)),
    dts: false,
    manifest: false,
    // Leaner runtime code: remotes are registered by entry URL, so no manifest snapshots; browsers
    // only; and a remote never loads another remote, so only the shell keeps the remote-loading code.
    experiments: {
      optimization: { disableSnapshot: true, target: 'web', ...(isHost ? {} : { disableRemote: true }) },
    },
  });
}

/** What is worth compressing ahead: scripts, styles and data, not the maps or the page template. */
const PRECOMPRESSED = /\.(js|css|json|svg)$/;

/**
 * Brotli (quality 11) and gzip (level 9) copies beside every script, style, JSON and SVG file over
 * 1 KB, made once at build time: the servers send them as they are (the site server's
 * `preCompressed`, nginx's `gzip_static`) instead of compressing every response on the fly at a
 * lower level: brotli 11 is smaller than the brotli 4 a server uses on the fly.
 */
function precompressionPlugins() {
  const common = { test: PRECOMPRESSED, threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
      },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }),
  ];
}

/**
 * TypeScript and JSX through swc; `target` is the language level of the output (Node's is newer
 * than the browsers'). `refresh` adds React Fast Refresh's registrations (development servers only).
 */
function typescriptRule({ development, target, refresh = false }) {
  return {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development, ...(refresh ? { refresh: true } : {}) } },
          target,
        },
      },
    },
  };
}

/** The CSS loaders of the server build: the server renders markup only; styles come with the browser build. */
const EMPTY_MODULE_LOADER = new URL('./empty-module-loader.cjs', import.meta.url).pathname;

/**
 * The app's server container: the same sources and shared modules as the browser build, built for
 * Node (`async-node`: chunks are read from beside the entry, wherever the version folder is), as a
 * CommonJS module the site server loads at run time from the live manifest, into
 * `dist/server/remoteEntry.js`. Every app, the shell included, exposes `./server` (src/server.tsx):
 * a remote's render function and first reads, or the shell's page renderer.
 */
function serverConfig({ name, dir }, production) {
  return {
    name: `${name}-server`,
    mode: production ? 'production' : 'development',
    context: dir,
    target: 'async-node',
    cache: cacheOptions(dir, `${name}-server-${production ? 'production' : 'development'}`),
    // The container entry is the only entry.
    entry: {},
    // Readable stack traces in the server's logs; the code never goes over the wire.
    devtool: false,
    output: {
      path: path.join(dir, 'dist/server'),
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      publicPath: '',
      uniqueName: `${name}_server`,
      library: { type: 'commonjs-module' },
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
    module: {
      rules: [
        typescriptRule({ development: false, target: 'es2022' }),
        { test: /\.css$/, use: [EMPTY_MODULE_LOADER] },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        exposes: { './server': { import: './src/server.tsx', name: `server-${name}` } },
        shared: sharedModules({ dir }),
        dts: false,
        manifest: false,
        experiments: { optimization: { disableSnapshot: true, target: 'node', disableRemote: true } },
      }),
      // Browser-only code paths test for a window; the server build knows it has none.
      new webpack.DefinePlugin({ 'process.env.ARTTOY_SERVER': JSON.stringify('1') }),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

/**
 * Builds the webpack config of one app.
 * @param {{ name: string, dir: string, port: number, title: string, runtimePlugins?: string[], monolith?: { remotes: string, outputDir: string } }} options
 *   name: "shell" or the remote's container name; dir: the app folder; port: its dev/standalone port;
 *   monolith (shell only, for the benchmark): build every remote into the shell, written to outputDir.
 */
export function createConfig(options) {
  const validated = validate(options);
  const { dir, monolith } = validated;
  const hasServer = !monolith && fs.existsSync(path.join(dir, 'src/server.tsx'));
  return (env = {}, argv = {}) => {
    const production = (argv.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
    // `webpack serve` (webpack-cli sets WEBPACK_SERVE): hot updates and React Fast Refresh.
    const hot = !production && Boolean(env?.WEBPACK_SERVE);
    const browser = browserConfig(validated, production, hot);
    // Development servers serve the browser build only; production builds the server container beside it.
    return production && hasServer ? [browser, serverConfig(validated, production)] : browser;
  };
}

/** The app's browser build (or, for the shell with `monolith`, the benchmark's single build). */
function browserConfig({ name, dir, port, title, isHost, monolith, ...validated }, production, hot = false) {
  return {
    name,
    mode: production ? 'production' : 'development',
    context: dir,
    cache: cacheOptions(
      dir,
      `${name}${monolith ? '-monolith' : ''}-${production ? 'production' : 'development'}`,
    ),
    entry: { main: './src/index.ts' },
    // No eval in development either: the pages' Content-Security-Policy allows none (deploy/src/content-security-policy.ts).
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: monolith ? monolith.outputDir : path.join(dir, 'dist'),
      // Hash chunk names only: a hashed entry name breaks the federation runtime.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      // Remotes (and the shell) find their chunks next to their entry, wherever it is served from.
      publicPath: 'auto',
      uniqueName: name,
      // The server build writes dist/server at the same time.
      clean: { keep: /^server\// },
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
    module: {
      rules: [
        typescriptRule({ development: !production, target: 'es2020', refresh: hot }),
        // Production styles are files: the document links the page's stylesheets, so its first paint
        // (server-rendered) is styled before any script runs; the dev server injects them.
        { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
      ],
    },
    plugins: [
      compositionPlugin({ name, dir, isHost, monolith, development: !production, ...validated }),
      // Names the chunks a page needs first, for the document's preloads (deploy/src/preload-list.ts).
      new PreloadListPlugin(),
      // What the build needs from the page and (the shell) provides to it: contract.json, for publishing.
      ...(monolith ? [] : [new ContractPlugin({ name, isHost })]),
      new HtmlWebpackPlugin({
        // The shell's page is its own; every remote's standalone page is the QA harness page.
        template: isHost ? path.join(dir, 'src/index.html') : HARNESS_TEMPLATE,
        title,
        // Only the app's own entry: a remote's container entry (remoteEntry.js) is for hosts.
        chunks: ['main'],
        // The shell's page is served from its versioned folder by the site server, which fills in the placeholder.
        publicPath: isHost && production ? SHELL_BASE_PLACEHOLDER : '/',
        scriptLoading: 'defer',
        minify: production,
      }),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: '[name].css',
              chunkFilename: '[name].[contenthash:10].css',
            }),
            ...precompressionPlugins(),
          ]
        : []),
      // One refresh runtime per app, named by its container (`library`), as several run on one page;
      // the DevTools hook stand-in first, so a remote's runtime finds the shell's React (see the file).
      ...(hot
        ? [
            new webpack.EntryPlugin(dir, REACT_REFRESH_HOOK, { name: undefined }),
            new ReactRefreshWebpackPlugin({ library: name }),
          ]
        : []),
    ],
    optimization: {
      // swc's minifier, not terser: about the same size, and whole-site builds several times faster.
      minimizer: [
        new MinimizerPlugin({
          minify: MinimizerPlugin.swcMinify,
          minimizerOptions: { compress: { passes: 2 }, mangle: true },
        }),
      ],
    },
    performance: { hints: false },
    ...(production ? {} : { devServer: devServerOptions({ port, isHost }) }),
  };
}

/**
 * webpack-dev-server's options: loopback only; hot updates over the server's own socket, which
 * the page reaches at `localhost` (the shell's page loads every remote from its own dev server);
 * `/api` proxied to the API, so data reads work in the composed site and in a remote's
 * standalone page alike. The shell's server is the site's front door: it also answers the build
 * manifest and serves every page as the shell's document (dev-site.mjs).
 */
export function devServerOptions({ port: ownPort, isHost }) {
  const port = ownPort + devPortOffset();
  return {
    host: DEV_HOST,
    port,
    hot: true,
    // Everything a page loads is built: no public folder.
    static: false,
    historyApiFallback: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    client: {
      overlay: { warnings: false },
      webSocketURL: { protocol: 'ws', hostname: 'localhost', port, pathname: '/ws' },
    },
    proxy: [{ context: ['/api'], target: devApiTarget() }],
    ...(isHost ? { setupMiddlewares: devSiteMiddlewares() } : {}),
  };
}
