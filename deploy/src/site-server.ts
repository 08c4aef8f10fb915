import fs from 'node:fs/promises';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { apiPlugin, type ApiOptions } from '@arttoy/api';
import { APP_NAMES, appFolder, type BuildMeta, type RuntimeConfig } from '@arttoy/shared/contracts';
import { readLatestBuild } from './publish';
import { catalogueStatus } from './catalogue-status';
import { contentStatus } from './content-status';
import { resolveRoute } from './route-status';
import { contentSecurityPolicy } from './content-security-policy';
import { renderDocument } from './document';
import { firstReads } from './first-reads';
import { readPreloadLists, type PreloadLists } from './preload-list';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const VERSIONED_PATH = new RegExp(`^/(${APP_NAMES.map(appFolder).join('|')})/[0-9a-z][0-9a-z.-]*/`);

interface LiveBuild {
  meta: BuildMeta;
  template: string;
  preloadLists: PreloadLists;
}

/** Reads the live build each time latest.json changes, so a deploy needs no restart. */
function liveBuildReader(origin: string, warn: (message: string) => void): () => Promise<LiveBuild> {
  let cached: { stamp: number; build: LiveBuild } | null = null;
  return async () => {
    const stat = await fs.stat(path.join(origin, 'builds/latest.json')).catch(() => null);
    if (!stat) throw new Error(`No build is published in ${origin}: run npm run build.`);
    if (cached && cached.stamp === stat.mtimeMs) return cached.build;
    const meta = await readLatestBuild(origin);
    if (!meta) throw new Error(`No build is published in ${origin}: run npm run build.`);
    const template = await fs.readFile(path.join(origin, meta.apps.shell.entry.replace(/main\.js$/, 'index.html')), 'utf8');
    const preloadLists = await readPreloadLists(origin, meta, warn);
    cached = { stamp: stat.mtimeMs, build: { meta, template, preloadLists } };
    return cached.build;
  };
}

export interface SiteServerOptions {
  /** The origin folder: published app versions and build manifests. */
  origin: string;
  /** Written into every page. */
  config: RuntimeConfig;
  /** The API under /api, in this process; leave out (or false) when it runs elsewhere behind the same origin. */
  api?: ApiOptions | false;
  logger?: boolean;
  /** Preload the route owner's remote entry and chunks in each document (default true; the benchmark's monolith has none). */
  preloadRemotes?: boolean;
}

/** The server `npm start` uses: the origin's files, the site's HTML documents and, by default, the API. */
export async function createSiteServer(options: SiteServerOptions): Promise<FastifyInstance> {
  // Behind nginx or a load balancer the client's address (rate limits) comes from X-Forwarded-For.
  const app = Fastify({ logger: options.logger ?? false, trustProxy: process.env.TRUST_PROXY === '1' });
  const liveBuild = liveBuildReader(options.origin, (message) => app.log.warn(message));

  app.addHook('onSend', async (request, reply) => {
    // Over TLS only (behind a proxy: X-Forwarded-Proto with TRUST_PROXY=1): a browser ignores it on http anyway.
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
  });
  await app.register(compress, { global: true, threshold: 1024 });
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
  if (options.api) await app.register(apiPlugin, { prefix: '/api', ...options.api });
  // Gallery paths that name no style, series or figure are 404 too (asked of the API in this process).
  const catalogue = options.api ? catalogueStatus(app) : null;
  // Blog posts and catch-all pages are 200 only when their content document exists (`/about`).
  const content = options.api ? contentStatus(app) : null;

  app.get('/builds/*', (request, reply) => reply.sendFile(`builds/${(request.params as { '*': string })['*']}`));
  for (const appName of APP_NAMES) {
    const folder = appFolder(appName);
    app.get(`/${folder}/*`, (request, reply) => reply.sendFile(`${folder}/${(request.params as { '*': string })['*']}`));
  }

  app.get('/*', async (request, reply) => {
    const { meta, template, preloadLists } = await liveBuild();
    const url = new URL(request.url, 'http://site.invalid');
    const pathname = url.pathname;
    const routed = resolveRoute(pathname);
    const documented = content ? await content.resolve(routed, url, request.headers.cookie) : routed;
    const resolution = catalogue ? await catalogue.resolve(documented, pathname) : documented;
    return reply
      .status(resolution.status)
      .header('cache-control', REVALIDATE)
      .header('content-security-policy', contentSecurityPolicy(meta, options.config))
      .type('text/html; charset=utf-8')
      .send(renderDocument(template, meta, resolution, options.config, { preloadRemotes: options.preloadRemotes ?? true, preloadLists, reads: firstReads(resolution, url) }));
  });

  return app;
}
