/** @jest-environment node */
import path from 'node:path';
import { parseBuildMeta, APP_NAMES, appFolder } from '../contracts';
import {
  DEV_PORTS,
  devApiTarget,
  devDocument,
  devManifest,
  devPort,
  devSiteSettings,
  isDocumentRequest,
} from './dev-site.mjs';
import { createConfig, type AppConfig } from './webpack.mjs';

const repo = path.resolve(__dirname, '../..');

describe('the dev manifest', () => {
  it('names every app, the remotes at their dev servers, and reads as a deploy manifest', () => {
    const manifest = parseBuildMeta(devManifest(1_800_000_000_000), 'dev');
    expect(Object.keys(manifest.apps).toSorted()).toEqual(APP_NAMES.toSorted());
    expect(manifest.apps.shell.entry).toBe('/main.js');
    expect(manifest.apps.mf_gallery.entry).toBe('http://localhost:3101/remoteEntry.js');
    expect(manifest.apps.mf_rules.entry).toBe('http://localhost:3105/remoteEntry.js');
    expect(Object.values(manifest.apps).every((app) => app.integrity === undefined)).toBe(true);
    // One id for the dev server's life: the build watcher stays quiet.
    expect(devManifest(1_800_000_000_000).id).toBe(manifest.id);
  });

  it('moves every port by DEV_PORT_OFFSET, and names a bad one', () => {
    expect(devPort('mf_blog', { DEV_PORT_OFFSET: '10000' })).toBe(13102);
    expect(() => devPort('mf_blog', { DEV_PORT_OFFSET: '-1' })).toThrow(
      'DEV_PORT_OFFSET must be a whole number from 0 to 60000, got "-1".',
    );
    expect(() => devPort('mf_nothing', {})).toThrow(/No dev server is known for "mf_nothing"/);
  });

  it('proxies /api to API_ORIGIN, else the API on the loopback address at API_PORT', () => {
    expect(devApiTarget({})).toBe('http://127.0.0.1:3001');
    expect(devApiTarget({ API_PORT: '4001' })).toBe('http://127.0.0.1:4001');
    expect(() => devApiTarget({ API_PORT: 'x' })).toThrow('API_PORT must be a port number, got "x".');
    expect(devApiTarget({ API_ORIGIN: 'http://localhost:3000/', API_PORT: '4001' })).toBe(
      'http://localhost:3000',
    );
    expect(() => devApiTarget({ API_ORIGIN: 'localhost:3000' })).toThrow(/API_ORIGIN must be an origin/);
  });
});

describe("the shell's dev document", () => {
  it("carries the build id and the launcher's head elements", () => {
    const html = devDocument(
      '<html><head><title>T</title></head><body></body></html>',
      'dev-abc123',
      '<script type="application/json" id="runtime-config">{}</script>',
    );
    expect(html).toBe(
      '<html><head><title>T</title><meta name="build-id" content="dev-abc123"><script type="application/json" id="runtime-config">{}</script></head><body></body></html>',
    );
    expect(() => devDocument('<p>no head</p>', 'dev-abc123', '')).toThrow(/no <\/head>/);
  });

  it('answers pages with it, and leaves files, the API and the manifest alone', () => {
    expect(isDocumentRequest('GET', '/gallery/style/cute', 'text/html,application/xhtml+xml')).toBe(true);
    expect(isDocumentRequest('GET', '/', 'text/html')).toBe(true);
    expect(isDocumentRequest('GET', '/main.js', 'text/html')).toBe(false);
    expect(isDocumentRequest('GET', '/api/styles', 'text/html')).toBe(false);
    expect(isDocumentRequest('GET', '/builds/latest.json', 'text/html')).toBe(false);
    expect(isDocumentRequest('GET', '/gallery', 'application/json')).toBe(false);
    expect(isDocumentRequest('POST', '/gallery', 'text/html')).toBe(false);
  });

  it("reads the launcher's settings, and says what is wrong with bad ones", () => {
    expect(devSiteSettings({})).toEqual({ head: '', contentSecurityPolicy: null });
    expect(
      devSiteSettings({ ARTTOY_DEV_SITE: '{"head":"<x>","contentSecurityPolicy":"default-src \'self\'"}' }),
    ).toEqual({ head: '<x>', contentSecurityPolicy: "default-src 'self'" });
    expect(() => devSiteSettings({ ARTTOY_DEV_SITE: '{' })).toThrow(/ARTTOY_DEV_SITE must be JSON/);
    expect(() => devSiteSettings({ ARTTOY_DEV_SITE: '{"head":1}' })).toThrow(
      /head: string, contentSecurityPolicy: string/,
    );
  });
});

describe('the development server config', () => {
  const devServer = (app: AppConfig) =>
    app.devServer as {
      host: string;
      port: number;
      hot: boolean;
      proxy: Array<{ context: string[]; target: string }>;
      setupMiddlewares?: unknown;
      client: { webSocketURL: object };
    };
  const serve = (name: string, folder: string, port: number) =>
    createConfig({ name, dir: path.join(repo, folder), port, title: 'T' })(
      { WEBPACK_SERVE: true },
      { mode: 'development' },
    ) as AppConfig;

  it.each(APP_NAMES.map((name) => [name]))(
    "%s: each app's webpack.config.mjs passes the port the dev manifest names",
    async (name) => {
      const { default: config } = (await import(path.join(repo, appFolder(name), 'webpack.config.mjs'))) as {
        default: (env: unknown, argv: { mode: string }) => AppConfig;
      };
      expect(devServer(config({ WEBPACK_SERVE: true }, { mode: 'development' })).port).toBe(DEV_PORTS[name]);
    },
  );

  it('listens on the loopback address only, with hot updates over its own socket and /api proxied', () => {
    const options = devServer(serve('mf_gallery', 'mf-gallery', 3101));
    expect(options.host).toBe('127.0.0.1');
    expect(options.hot).toBe(true);
    expect(options.client.webSocketURL).toEqual({
      protocol: 'ws',
      hostname: 'localhost',
      port: 3101,
      pathname: '/ws',
    });
    expect(options.proxy).toEqual([{ context: ['/api'], target: 'http://127.0.0.1:3001' }]);
    expect(options.setupMiddlewares).toBeUndefined();
    // The shell's server is the front door: the manifest and the documents.
    expect(typeof devServer(serve('shell', 'shell', 3000)).setupMiddlewares).toBe('function');
  });

  it('adds Fast Refresh and shares react/jsx-dev-runtime under webpack serve only', () => {
    const names = (config: AppConfig) => config.plugins.map((plugin) => plugin.constructor.name);
    const federationShared = (config: AppConfig) =>
      Object.keys(
        (
          config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin') as {
            _options: { shared: object };
          }
        )._options.shared,
      );
    const hot = serve('mf_rules', 'mf-rules', 3105);
    expect(names(hot)).toContain('ReactRefreshPlugin');
    expect(federationShared(hot)).toContain('react/jsx-dev-runtime');
    expect(hot.devtool).toBe('cheap-module-source-map');
    const [production] = createConfig({
      name: 'mf_rules',
      dir: path.join(repo, 'mf-rules'),
      port: 3105,
      title: 'T',
    })({}, { mode: 'production' }) as [AppConfig, AppConfig];
    expect(names(production)).not.toContain('ReactRefreshPlugin');
    expect(federationShared(production)).not.toContain('react/jsx-dev-runtime');
    expect(production.devServer).toBeUndefined();
    expect(production.devtool).toBe('source-map');
  });
});
