/** @jest-environment node */
import path from 'node:path';
import { createConfig, type AppConfig } from './webpack.mjs';

const repo = path.resolve(__dirname, '../..');
const shellDir = path.join(repo, 'shell');
const remotes = path.join(repo, 'bench/monolith/remotes.ts');

/** The one config of a build that has no server container (the monolith, a development server). */
function single(config: AppConfig | [AppConfig, AppConfig]): AppConfig {
  if (Array.isArray(config)) throw new Error('expected the browser build alone');
  return config;
}

function pluginNames(config: { plugins: object[] }): string[] {
  return config.plugins.map((plugin) => plugin.constructor.name);
}

describe('createConfig', () => {
  it('builds a federated app and, beside it, its server container', () => {
    const configs = createConfig({ name: 'shell', dir: shellDir, port: 3000, title: 'T' })(
      {},
      { mode: 'production' },
    );
    if (!Array.isArray(configs)) throw new Error('expected the browser and the server build');
    const [browser, server] = configs;
    expect(pluginNames(browser)).toContain('ModuleFederationPlugin');
    expect(browser.output.path).toBe(path.join(shellDir, 'dist'));
    // The browser build's clean must not remove the server build written at the same time.
    expect(browser.output.clean).toEqual({ keep: /^server\// });
    expect(server.target).toBe('async-node');
    expect(server.output.path).toBe(path.join(shellDir, 'dist/server'));
    expect(server.output.library).toEqual({ type: 'commonjs-module' });
    const federation = server.plugins.find(
      (plugin: object) => plugin.constructor.name === 'ModuleFederationPlugin',
    ) as { _options: { exposes: object; filename: string } };
    expect(federation._options.exposes).toEqual({
      './server': { import: './src/server.tsx', name: 'server-shell' },
    });
    expect(federation._options.filename).toBe('remoteEntry.js');
  });

  it('keeps a filesystem cache per app, build and mode, started afresh when the factory, the app config or the lock file change', () => {
    const [browser, server] = createConfig({ name: 'shell', dir: shellDir, port: 3000, title: 'T' })(
      {},
      { mode: 'production' },
    ) as [AppConfig, AppConfig];
    const development = single(
      createConfig({ name: 'shell', dir: shellDir, port: 3000, title: 'T' })({}, { mode: 'development' }),
    );
    const monolith = single(
      createConfig({
        name: 'shell',
        dir: shellDir,
        port: 3000,
        title: 'T',
        monolith: { remotes, outputDir: '/tmp/monolith' },
      })({}, { mode: 'production' }),
    );
    expect(
      [browser, server, development, monolith].map((config) => (config.cache ? config.cache.name : null)),
    ).toEqual([
      'shell-production',
      'shell-server-production',
      'shell-development',
      'shell-monolith-production',
    ]);
    expect(browser.cache && browser.cache.cacheDirectory).toBe(
      path.join(shellDir, 'node_modules/.cache/webpack'),
    );
    expect(browser.cache && browser.cache.buildDependencies.config).toEqual([
      path.join(repo, 'shared/build/webpack.mjs'),
      path.join(shellDir, 'webpack.config.mjs'),
      path.join(repo, 'package-lock.json'),
      path.join(shellDir, 'package.json'),
    ]);
  });

  it('builds without a cache when WEBPACK_CACHE=off, and names a bad value', () => {
    const build = () =>
      createConfig({ name: 'mf_rules', dir: path.join(repo, 'mf-rules'), port: 3105, title: 'T' })(
        {},
        { mode: 'development' },
      );
    try {
      process.env.WEBPACK_CACHE = 'off';
      expect(single(build()).cache).toBe(false);
      process.env.WEBPACK_CACHE = 'sometimes';
      expect(build).toThrow('WEBPACK_CACHE must be "on" or "off", got "sometimes".');
    } finally {
      delete process.env.WEBPACK_CACHE;
    }
  });

  it('builds the browser app alone for the development server', () => {
    const config = single(
      createConfig({ name: 'mf_rules', dir: path.join(repo, 'mf-rules'), port: 3105, title: 'T' })(
        {},
        { mode: 'development' },
      ),
    );
    expect(config.output.path).toBe(path.join(repo, 'mf-rules/dist'));
  });

  it("builds the monolith without federation, swapping only the shell's remote loader", () => {
    const outputDir = path.join(repo, 'bench/.out/monolith');
    const config = single(
      createConfig({
        name: 'shell',
        dir: shellDir,
        port: 3000,
        title: 'T',
        monolith: { remotes, outputDir },
      })({}, { mode: 'production' }),
    );
    expect(pluginNames(config)).not.toContain('ModuleFederationPlugin');
    expect(config.output.path).toBe(outputDir);
    const replacement = config.plugins.find(
      (plugin: object) => plugin.constructor.name === 'NormalModuleReplacementPlugin',
    ) as {
      resourceRegExp: RegExp;
      newResource: (resource: { request: string; context: string }) => void;
    };
    const fromFederation = { request: './remotes', context: path.join(shellDir, 'src/federation') };
    const elsewhere = { request: './remotes', context: path.join(shellDir, 'src/pages') };
    for (const resource of [fromFederation, elsewhere]) {
      if (replacement.resourceRegExp.test(resource.request)) replacement.newResource(resource);
    }
    expect(fromFederation.request).toBe(remotes);
    expect(elsewhere.request).toBe('./remotes');
  });

  it.each([
    [
      'a remote',
      {
        name: 'mf_gallery',
        dir: path.join(repo, 'mf-gallery'),
        port: 3101,
        title: 'T',
        monolith: { remotes, outputDir: '/tmp/x' },
      },
      /only the shell/,
    ],
    [
      'a missing module',
      {
        name: 'shell',
        dir: shellDir,
        port: 3000,
        title: 'T',
        monolith: { remotes: '/no/such/file.ts', outputDir: '/tmp/x' },
      },
      /existing module/,
    ],
    [
      'a relative output folder',
      { name: 'shell', dir: shellDir, port: 3000, title: 'T', monolith: { remotes, outputDir: 'out' } },
      /absolute folder/,
    ],
  ])('refuses a monolith for %s', (_case, options, message) => {
    expect(() => createConfig(options)).toThrow(message);
  });
});
