import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import {
  apiPlugin,
  registerHttpMetrics,
  type ApiOptions,
  bindToRequest,
  type DrainState,
  registerProbes,
  registerRequestTrace,
  sendApiError,
  serverOptions,
  type ServerLog,
  siteOriginFrom,
} from '@arttoy/api';
import { APP_NAMES, appFolder, statusMessageFor, type RuntimeConfig } from '@arttoy/shared/contracts';
import { catalogueStatus } from './catalogue-status';
import { contentStatus } from './content-status';
import { resolveRoute } from './route-status';
import { contentSecurityPolicy } from './content-security-policy';
import { documentParts, renderDocument } from './document';
import { documentStream, SITE_COMPRESSION } from './document-stream';
import { createRenderMetrics } from './observability/site-metrics';
import { pageRenderer } from './server-render/render-page';
import { robotsTxt, sitemapXml } from './sitemap';
import { readSiteIcons } from './site-icons';
import { readPublicAnswer } from './server-render/read-public-answer';
import { remoteOverridesFromCookies } from '@arttoy/shared/federation/remote-overrides';
import { deployEnvironment } from './config';
import { previewSecret, visitorBuilds, type VisitorBuild } from './variants';
import { registerPreviewRoutes } from './variants/preview-route';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** A document or payload that depends on the visitor (a preview, a canary running): the browser's cache only. */
const PERSONAL = 'private, no-cache';
/** A version folder's server container: `<version>/server/…`. */
const SERVER_FILES = /^[^/]+\/server\//;
/** HTML in a version folder, or the folder itself (which would answer with its index.html). */
const PUBLISHED_PAGE = /(^|\/|\.html?)$/i;
/** A page's payload for client navigation: `<page path>/_payload.json` (`/_payload.json` for home). */
const PAYLOAD_SUFFIX = '/_payload.json';
const VERSIONED_PATH = new RegExp(`^/(${APP_NAMES.map(appFolder).join('|')})/[0-9a-z][0-9a-z.-]*/`);

export interface SiteServerOptions {
  /** The origin folder: published app versions and build manifests. */
  origin: string;
  /** Written into every page. */
  config: RuntimeConfig;
  /** The API under /api, in this process; leave out (or false) when it runs elsewhere behind the same origin. */
  api?: ApiOptions | false;
  /** Fastify's logger options from `createServerLog` (the format chosen for this terminal); none by default. */
  log?: ServerLog['fastifyOptions'];
  /** Preload the route owner's remote entry and chunks in each document (default true; the benchmark's monolith has none). */
  preloadRemotes?: boolean;
  /** How long a remote's reads and server render may take before its page goes out to render in the browser (default 300 ms). */
  serverRenderBudgetMs?: number;
  /** The site's origin in canonical URLs, link previews and the sitemap (default SITE_ORIGIN, else the local site server). */
  siteOrigin?: string;
  /**
   * Render pages on the server from the apps' server containers (default true). Off, every page
   * is rendered in the browser only (SSR=off; the benchmark's client-only column).
   */
  serverRender?: boolean;
  /** Signs and checks preview links (default PREVIEW_SECRET, else one generated into DEPLOY_STATE_DIR). */
  previewSecret?: string;
  /**
   * Set by the server's drain when it starts stopping (server.ts): /readyz and /api/readyz then
   * answer 503 at once. Default: never draining.
   */
  drain?: DrainState;
  /**
   * The registry this process's metrics go on: every request (the pages' and the API's), the
   * server renders (observability/site-metrics.ts) and the API's own. server.ts serves it on
   * METRICS_PORT. Default: no metrics.
   */
  metrics?: Registry;
}

/** The server `npm start` uses: the origin's files, the site's HTML documents and, by default, the API. */
export async function createSiteServer(options: SiteServerOptions): Promise<FastifyInstance> {
  // The API's settings (trusted proxies, undecodable paths answered in its error shape).
  const env = deployEnvironment();
  const app = Fastify({
    ...serverOptions(env),
    ...(options.log ?? { logger: false }),
    // A request on an open connection while the server drains is still answered (the API's drain, plugins/drain.ts).
    return503OnClosing: false,
    forceCloseConnections: false,
  });
  // Each request's trace id, on its log lines and on the API reads it makes (its span's when tracing is on).
  registerRequestTrace(app);
  const drain = options.drain ?? { draining: false };
  // On the root: every request is counted once, the API's under /api included.
  if (options.metrics) registerHttpMetrics(app, options.metrics);
  // From configuration only: a request's Host is the client's to choose.
  const siteOrigin = options.siteOrigin ?? siteOriginFrom(env);
  // Errors outside /api (a method no route takes) in the API's shape too; a document that failed is
  // the site's error page, rendered (see sendErrorDocument below).
  app.setErrorHandler(async (error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (
      request.routeOptions.url === '/*' &&
      status >= 500 &&
      (await sendErrorDocument(request, reply, status))
    )
      return reply;
    return sendApiError(request, reply, error);
  });
  app.setNotFoundHandler((request, reply) =>
    sendApiError(
      request,
      reply,
      Object.assign(new Error(`${request.method} ${request.url.split('?')[0]} was not found on this site.`), {
        statusCode: 404,
      }),
    ),
  );
  // Each request's build (stable, a canary's candidate, a preview link's), re-read when a pointer changes: a deploy needs no restart.
  const secret = options.previewSecret ?? (await previewSecret(env));
  const builds = visitorBuilds({
    origin: options.origin,
    secret,
    warn: (message) => app.log.warn(message),
    // A new build's server containers load before its next visitors ask for pages (renderPage is set below, before any request).
    onNewBuild: (meta) => void renderPage.warm(meta),
  });
  /** The visitor's build, chosen once per request (the document, its error page and its payload agree). */
  const chosen = new WeakMap<FastifyRequest, Promise<VisitorBuild>>();
  const buildFor = (request: FastifyRequest): Promise<VisitorBuild> => {
    let choice = chosen.get(request);
    if (!choice) {
      choice = builds(request.headers.cookie, request.protocol === 'https');
      chosen.set(request, choice);
    }
    return choice;
  };

  app.addHook('onSend', async (request, reply) => {
    // Over TLS only (behind a proxy: X-Forwarded-Proto with TRUST_PROXY=1): a browser ignores it on http anyway.
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
  });
  await app.register(compress, SITE_COMPRESSION);
  await app.register(fastifyStatic, {
    root: options.origin,
    serve: false,
    // The build's brotli and gzip copies (main.js.br, main.js.gz), made at the highest levels once;
    // files without one are compressed on the fly.
    preCompressed: true,
    // Cache headers are ours: immutable for versioned files, revalidate for everything else.
    cacheControl: false,
    setHeaders: (response, filePath) => {
      const relative = `/${path.relative(options.origin, filePath).split(path.sep).join('/')}`;
      const versioned = VERSIONED_PATH.test(relative);
      response.setHeader('cache-control', versioned ? IMMUTABLE : REVALIDATE);
      // Entries load in CORS mode (for Subresource Integrity); published files are public anyway.
      if (versioned) response.setHeader('access-control-allow-origin', '*');
      // A precompressed copy is one of several answers to this URL: caches must key it by encoding.
      if (/\.(br|gz)$/.test(filePath)) response.setHeader('vary', 'accept-encoding');
    },
  });

  // The API keeps its own headers, limits and JSON errors inside its prefix.
  if (options.api)
    await app.register(apiPlugin, {
      prefix: '/api',
      drain,
      ...(options.metrics ? { metrics: options.metrics } : {}),
      ...options.api,
    });
  // /healthz and /readyz of the site server (the API's own are /api/healthz and /api/readyz): ready
  // when the origin's live build reads, the API in this process is ready, and it is not draining.
  await registerProbes(
    app,
    {
      origin: () => builds.stable().then(() => true),
      ...(options.api
        ? { api: async () => (await app.inject({ method: 'GET', url: '/api/readyz' })).statusCode === 200 }
        : {}),
    },
    drain,
  );
  // Gallery paths that name no style, series or figure are 404 too (asked of the API in this process).
  const catalogue = options.api ? catalogueStatus(app) : null;
  // Blog posts and catch-all pages are 200 only when their content document exists (`/about`).
  const content = options.api ? contentStatus(app) : null;
  // The apps' server modules: they render pages (unless serverRender is false) and name each page's first reads.
  const renderPage = pageRenderer({
    origin: options.origin,
    // First reads are answered by the API in this process, without cookies: public answers only.
    read: options.api ? (url) => readPublicAnswer(app, url) : undefined,
    budgetMs: options.serverRenderBudgetMs,
    warn: (message) => app.log.warn(message),
    ...(options.metrics ? { observe: createRenderMetrics(options.metrics) } : {}),
  });

  // The favicon, app icons and web app manifest (deploy/icons), linked from every document.
  const icons = await readSiteIcons();
  const sendIcon = (url: string, reply: FastifyReply) => {
    const icon = icons.files.get(url);
    return icon
      ? reply.header('cache-control', icon.cacheControl).type(icon.type).send(icon.body)
      : reply.callNotFound();
  };
  app.get('/icons/:file', (request, reply) => sendIcon(request.url.split('?')[0] ?? '', reply));
  for (const url of ['/favicon.ico', '/apple-touch-icon.png'])
    app.get(url, (_request, reply) => sendIcon(url, reply));

  app.get('/robots.txt', (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(siteOrigin)),
  );
  // The sitemap needs the API in this process (the catalogue and the published documents).
  if (options.api) {
    app.get('/sitemap.xml', async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=600')
        .type('application/xml; charset=utf-8')
        .send(await sitemapXml(app, siteOrigin)),
    );
  }

  app.get('/builds/*', (request, reply) =>
    reply.sendFile(`builds/${(request.params as { '*': string })['*']}`),
  );
  for (const appName of APP_NAMES) {
    const folder = appFolder(appName);
    app.get(`/${folder}/*`, (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      // A version folder's HTML (the shell's template, a remote's standalone QA page) is no page
      // of this site: served here it would be a document without the documents' policy.
      // Nor is its server container (dist/server/) for browsers: the site server runs it.
      return PUBLISHED_PAGE.test(file) || SERVER_FILES.test(file)
        ? reply.callNotFound()
        : reply.sendFile(`${folder}/${file}`);
    });
  }

  // The live build's server containers are loaded before the server takes its first request.
  app.addHook('onReady', async () => {
    const live = await builds.stable().catch(() => null);
    if (live) await renderPage.warm(live.meta);
  });

  registerPreviewRoutes(app, {
    secret,
    hasBuild: (id) =>
      builds.byId(id).then(
        () => true,
        () => false,
      ),
  });

  /** What a page's document says of it: its owner and status (404 for a post, a figure or a box that does not exist). */
  const resolvePage = async (url: URL, cookie: string | undefined) => {
    const routed = resolveRoute(url.pathname);
    const documented = content ? await content.resolve(routed, url, cookie) : routed;
    return catalogue ? catalogue.resolve(documented, url.pathname) : documented;
  };

  app.get('/*', async (request, reply) => {
    const visitor = await buildFor(request);
    const { meta, template, preloadLists, inlineStylesheets } = visitor.build;
    const url = new URL(request.url, 'http://site.invalid');
    if (url.pathname.endsWith(PAYLOAD_SUFFIX) && options.serverRender !== false)
      return sendPayload(visitor, url, request.headers.cookie, reply);
    const resolution = await resolvePage(url, request.headers.cookie);
    // Rendered on the server: every page the route table answers with 200 (a remote without a server
    // container still gets the shell around it; its failures are logged by the renderer). Whether
    // the document comes with server HTML (inline stylesheets, code at low priority) is decided
    // before it is rendered, from the build: a page whose render then fails still works (the browser
    // renders it), with its code asked for at low priority.
    // A page that does not exist is rendered too: the shell's 404 page, in its chrome.
    const render = options.serverRender !== false && (resolution.status !== 200 || resolution.owner !== null);
    const serverRendered = render && meta.apps.shell.server !== undefined;
    const parts = documentParts(template, meta, resolution, options.config, {
      preloadRemotes: options.preloadRemotes ?? true,
      preloadLists,
      inlineStylesheets,
      url,
      siteOrigin,
      iconLinks: icons.links,
      serverRendered,
      channel: visitor.channel,
    });
    // Made while the stream is read: in this request's trace all the same.
    const rest = bindToRequest(async () => {
      const rendered = render ? await renderPage(meta, resolution, url) : null;
      // First reads the document does not carry (no server rendering, or no API in this process to
      // answer them) are preloaded: they arrive while the page's code loads.
      const reads = (await renderPage.firstReads(meta, resolution, url)).filter(
        (read) => !rendered || !(read in rendered.payload.data),
      );
      return parts.rest({ rendered, reads });
    });
    const fallback = (error: unknown) => {
      request.log.error(
        { err: error },
        `The page ${url.pathname} could not be rendered; it went out to render in the browser.`,
      );
      return parts.rest({});
    };
    if (visitor.setCookies.length > 0) reply.header('set-cookie', visitor.setCookies);
    return (
      reply
        .status(resolution.status)
        .header('cache-control', visitor.personal ? PERSONAL : REVALIDATE)
        // A developer's browser running a remote from its dev server (a loopback origin in its cookie, checked as the shell checks it) may load it; no other browser's policy changes.
        .header(
          'content-security-policy',
          contentSecurityPolicy(meta, options.config, {
            devServers: [...remoteOverridesFromCookies(request.headers.cookie).entries.values()],
          }),
        )
        // A proxy in front (nginx) passes the head on as it comes instead of waiting for the whole document.
        .header('x-accel-buffering', 'no')
        .type('text/html; charset=utf-8')
        .send(documentStream(parts.early, rest, fallback))
    );
  });

  /**
   * The error page of a document that could not be made (status 5xx), rendered in the shell's
   * chrome like any page; false when there is no live build or no shell render to make it from
   * (the caller then answers in the API's error shape).
   */
  async function sendErrorDocument(request: FastifyRequest, reply: FastifyReply, status: number) {
    if (reply.sent || options.serverRender === false) return false;
    try {
      const visitor = await buildFor(request);
      const { meta, template, preloadLists, inlineStylesheets } = visitor.build;
      const url = new URL(request.url, 'http://site.invalid');
      const rendered = await renderPage.errorPage(meta, url, {
        statusCode: status,
        message: statusMessageFor(status),
      });
      if (!rendered) return false;
      const resolution = { status: 500, owner: null, route: null } as const;
      const document = renderDocument(template, meta, resolution, options.config, {
        preloadRemotes: options.preloadRemotes ?? true,
        preloadLists,
        inlineStylesheets,
        url,
        siteOrigin,
        iconLinks: icons.links,
        rendered,
        channel: visitor.channel,
      });
      await reply
        .status(status)
        .header('cache-control', 'no-store')
        .header('content-security-policy', contentSecurityPolicy(meta, options.config, { devServers: [] }))
        .type('text/html; charset=utf-8')
        .send(document);
      return true;
    } catch (failure) {
      request.log.error({ err: failure }, `The error page of ${request.url} could not be rendered either.`);
      return false;
    }
  }

  /**
   * `<page path>/_payload.json`: the data a page reached by client navigation starts from, read as its
   * document's would be (public answers only, never a visitor's), in one request instead of the
   * page's several. Its status is the page's (404 for a page that does not exist, with what was read).
   */
  async function sendPayload(
    visitor: VisitorBuild,
    payloadUrl: URL,
    cookie: string | undefined,
    reply: FastifyReply,
  ) {
    const url = new URL(
      `${payloadUrl.pathname.slice(0, -PAYLOAD_SUFFIX.length) || '/'}${payloadUrl.search}`,
      payloadUrl,
    );
    const resolution = await resolvePage(url, cookie);
    if (!resolution.owner)
      throw Object.assign(new Error(`${url.pathname} is no page of this site, so it has no payload.`), {
        statusCode: 404,
      });
    return reply
      .status(resolution.status)
      .header('cache-control', visitor.personal ? PERSONAL : REVALIDATE)
      .send(await renderPage.payload(visitor.build.meta, resolution, url));
  }

  return app;
}
