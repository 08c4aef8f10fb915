import {
  buildMetaPath,
  isRemoteName,
  PAGE_PAYLOAD_ELEMENT_ID,
  RUNTIME_CONFIG_ELEMENT_ID,
  type BuildMeta,
  type RuntimeConfig,
} from '@arttoy/shared/contracts';
import { jsonDataElement, runtimeConfigElement } from './runtime-config';
import { pageHeadElements, siteHeadElements, takeSiteHead } from './page-head';
import type { RenderedPage } from './server-render/render-page';
import { preloadUrls, type PreloadLists } from './preload-list';
import { contractProblems } from '@arttoy/shared/contracts/compat';
import type { RouteResolution } from './route-status';
import type { BuildChannel } from './variants/choose-build';

const HEAD_END = '</head>';
/** The shell's mount point in its index.html (src/index.html, as html-webpack-plugin writes it). */
const ROOT_ELEMENT = '<div id="root"></div>';
/** Written into the shell's index.html by shared/build/webpack.mjs (SHELL_BASE_PLACEHOLDER). */
const BASE_PLACEHOLDER = '/%SHELL_BASE%/';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export interface DocumentOptions {
  preloadRemotes?: boolean;
  preloadLists?: PreloadLists;
  /** Stylesheets by URL (readInlineStylesheets) that a server-rendered document carries inline. */
  inlineStylesheets?: ReadonlyMap<string, string>;
  /** The page's URL and the site's origin: a server-rendered page's canonical URL and link previews. */
  url?: URL | null;
  siteOrigin?: string | null;
  /** The favicon, app icons and manifest links (readSiteIcons' `links`). */
  iconLinks?: string;
  /** How the visitor came to this build (deploy/src/variants): the shell's build watch reads it. */
  channel?: BuildChannel;
}

/** What only the page's render decides: its HTML, data and head, and the first reads it does not carry. */
export interface RenderedPart {
  rendered?: RenderedPage | null;
  reads?: string[];
}

/**
 * A document in two parts, so the first can go out before the page is rendered: `early` is the head
 * up to the page's own tags (charset, viewport, stylesheets, code and manifest preloads, config),
 * which depends on the route alone; `rest` writes the page's title, description, link-preview tags
 * and data preloads, closes the head, and carries the body with the server's HTML and payload.
 */
export interface DocumentParts {
  early: string;
  rest: (page: RenderedPart) => string;
}

/**
 * The HTML document of a page: the shell's built index.html from its versioned folder, told which
 * build it belongs to and the runtime config, with the manifest, the route owner's remote entry and the
 * chunks the page needs first (from the apps' preload lists) and its first API reads preloaded, so
 * they load in parallel with the shell instead of one layer after another. `preloadRemotes: false` (the benchmark's monolith)
 * leaves out the remotes' files. `serverRendered` says whether the page is expected to come with
 * its server HTML (its stylesheets inline, its code at low priority), decided before it is rendered.
 */
export function documentParts(
  template: string,
  meta: BuildMeta,
  resolution: RouteResolution,
  config: RuntimeConfig,
  {
    preloadRemotes = true,
    preloadLists = {},
    inlineStylesheets = new Map(),
    url = null,
    siteOrigin = null,
    iconLinks = '',
    serverRendered = false,
    channel = 'stable',
  }: DocumentOptions & { serverRendered?: boolean } = {},
): DocumentParts {
  const stale = (what: string) =>
    new Error(`The shell's index.html lacks ${what}; rebuild the shell (npm run build -w shell).`);
  if (!template.includes(HEAD_END) || !template.includes(BASE_PLACEHOLDER))
    throw stale(`${HEAD_END}, ${ROOT_ELEMENT} or the script base placeholder`);
  // A server-rendered page is painted from its HTML and stylesheets: those go first, and the code
  // and data for hydration are asked for at low priority, so on a slow connection they do not share
  // the bandwidth with the stylesheets and the page's main image. A page rendered in the browser
  // needs its code before anything shows, so there it keeps the browser's default (high) priority.
  const priority = serverRendered ? ' fetchpriority="low"' : '';
  const route = resolution.status === 200 ? resolution.route : null;
  // A remote that does not fit the build's shell is refused before it runs (server-render/contract-gate.ts,
  // and the shell in the browser): its entry and chunks would be downloaded for nothing.
  const owner = resolution.status === 200 && isRemoteName(resolution.owner) ? resolution.owner : null;
  const ownerRefused =
    owner !== null && contractProblems(meta.apps.shell, meta.apps[owner], owner).length > 0;
  const pagePreloadLists: PreloadLists =
    owner !== null && ownerRefused
      ? Object.fromEntries(Object.entries(preloadLists).filter(([app]) => app !== owner))
      : preloadLists;
  const stylesheets: string[] = [];
  const scripts: string[] = [];
  // Chunks load as classic scripts without CORS (webpack's default), so the preloads carry no crossorigin.
  // Stylesheets are never preloaded: a server-rendered page carries the small ones inline, so its
  // first paint waits for no request after the document; any other page links them. `data-href` is
  // the file's name in its app folder, which is how the CSS loader in each app's code
  // (mini-css-extract-plugin) recognises a stylesheet already on the page and does not load it
  // again; file names carry a hash of their content.
  for (const file of preloadUrls(pagePreloadLists, route, { remotes: preloadRemotes })) {
    if (!file.endsWith('.css')) {
      scripts.push(`<link rel="preload" as="script" href="${escapeAttribute(file)}"${priority}>`);
      continue;
    }
    const name = escapeAttribute(file.replace(/^.*\//, ''));
    const text = serverRendered ? inlineStylesheets.get(file) : undefined;
    stylesheets.push(
      text === undefined
        ? `<link rel="stylesheet" href="${escapeAttribute(file)}" data-href="${name}">`
        : `<style data-href="${name}">${text}</style>`,
    );
  }
  const head = [
    ...stylesheets,
    `<meta name="build-id" content="${escapeAttribute(meta.id)}">`,
    `<meta name="build-channel" content="${channel}">`,
    iconLinks,
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(buildMetaPath(meta.id))}"${priority}>`,
    runtimeConfigElement(config, RUNTIME_CONFIG_ELEMENT_ID),
  ];
  if (preloadRemotes && owner !== null && !ownerRefused) {
    const remote = meta.apps[owner];
    // Same integrity and CORS mode as the script the shell creates, so the browser reuses this preload.
    const integrity = remote.integrity
      ? ` integrity="${escapeAttribute(remote.integrity)}" crossorigin="anonymous"`
      : '';
    head.push(
      `<link rel="preload" as="script" href="${escapeAttribute(remote.entry)}"${integrity}${priority}>`,
    );
  }
  head.push(...scripts);
  const shellBase = meta.apps.shell.entry.replace(/[^/]+$/, '');
  const page = template.replaceAll(BASE_PLACEHOLDER, shellBase);
  const headEnd = page.indexOf(HEAD_END);
  // The title and description are the page's: they are written with its other tags once it is rendered.
  const { html: templateHead, site } = takeSiteHead(page.slice(0, headEnd));
  const body = page.slice(headEnd);
  return {
    early: `${templateHead}${head.join('')}`,
    rest: ({ rendered = null, reads = [] }) => {
      const pageHead =
        rendered && url && siteOrigin
          ? pageHeadElements(rendered.head, url, siteOrigin, site)
          : siteHeadElements(site);
      // The page's first API reads it does not carry (its owner's server module names them): small answers, asked for before the code runs.
      const readPreloads = reads
        .map(
          (read) =>
            `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(read)}"${priority}>`,
        )
        .join('');
      // The server's HTML of the page, and the data it was made from: the browser's first render reads
      // the same data, so it matches the HTML and asks the API for none of it again.
      if (!rendered) return `${pageHead}${readPreloads}${body}`;
      if (!body.includes(ROOT_ELEMENT)) throw stale(ROOT_ELEMENT);
      const root = `<div id="root">${rendered.html}</div>${jsonDataElement(rendered.payload, PAGE_PAYLOAD_ELEMENT_ID)}`;
      return `${pageHead}${readPreloads}${body.replace(ROOT_ELEMENT, () => root)}`;
    },
  };
}

/** The whole document at once (the parts of `documentParts` joined): server-rendered when given `rendered`. */
export function renderDocument(
  template: string,
  meta: BuildMeta,
  resolution: RouteResolution,
  config: RuntimeConfig,
  options: DocumentOptions & RenderedPart = {},
): string {
  const { rendered = null, reads = [], ...rest } = options;
  const parts = documentParts(template, meta, resolution, config, {
    ...rest,
    serverRendered: rendered !== null,
  });
  return `${parts.early}${parts.rest({ rendered, reads })}`;
}
