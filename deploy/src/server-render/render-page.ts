/**
 * Renders a page on the server: the owner remote's page from its server container, then the shell
 * around it, with the page's first reads answered in this process and handed to both. Whatever
 * goes wrong (no server container, an integrity mismatch, a throw, a render slower than the
 * budget), the page is still served: without the remote's HTML (the outlet loads it in the
 * browser), or without any (the browser renders everything). Each failure is logged once per app
 * version.
 */
import {
  isRemoteName,
  REMOTE_BASENAMES,
  type BuildMeta,
  type PageData,
  invalidParamsError,
  noMatchError,
  type PageError,
  type PageHead,
  type PagePayload,
  type Path,
  type ShellServerModule,
} from '@arttoy/shared/contracts';
import type { RenderObserver } from '../observability/site-metrics';
import { inSpan } from '../observability/spans';
import type { RouteResolution } from '../route-status';
import { serverContainers } from './containers';
import { refuseMisfits } from './contract-gate';

export interface RenderedPage {
  /** The content of `#root`. */
  html: string;
  payload: PagePayload;
  /** What the page says about itself (its remote's, or the shell's own page's), for the document's head. */
  head: PageHead | null;
}

export interface PageRendererOptions {
  /** The origin folder the manifest's server entries are in. */
  origin: string;
  /** Answers one first read (an API URL) in this process; undefined when it has no public answer. Without it, pages render without data. */
  read?: (url: string) => Promise<unknown>;
  /** How long a remote's reads and render may take before the page goes out without its HTML. */
  budgetMs?: number;
  /** Told of each failure once per app version. */
  warn: (message: string) => void;
  /** Told of every render's outcome (the metrics). */
  observe?: RenderObserver;
}

export interface PageRenderer {
  /** A page the route table answers with 200, or the error page of one it does not (404). */
  (meta: BuildMeta, resolution: RouteResolution, url: URL): Promise<RenderedPage | null>;
  /**
   * The error page (`Internal Server Error` for a 5xx) inside the shell's chrome, for a document
   * that could not be made otherwise; null when even the shell cannot render it.
   */
  errorPage: (meta: BuildMeta, url: URL, error: PageError) => Promise<RenderedPage | null>;
  /**
   * The API URLs the page reads first, as its owner's server module declares them: a document that
   * goes out without the server's rendering preloads them. None when that module cannot be loaded.
   */
  firstReads: (meta: BuildMeta, resolution: RouteResolution, url: URL) => Promise<string[]>;
  /**
   * The data a page reached by client navigation starts from (`<path>/_payload.json`): what its
   * document's payload would carry, without rendering the document. Empty when nothing could be read.
   */
  payload: (meta: BuildMeta, resolution: RouteResolution, url: URL) => Promise<PagePayload>;
  /** Loads a build's server containers ahead of its first request (a deploy's first visitor should not wait for them). */
  warm: (meta: BuildMeta) => Promise<void>;
}

const DEFAULT_BUDGET_MS = 300;
/** Loading a container (once per build) reads and compiles its code: a budget of its own. */
const LOAD_BUDGET_MS = 5_000;

class OverBudget extends Error {}

function withinBudget<T>(work: Promise<T>, budgetMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new OverBudget(`${what} took longer than ${budgetMs} ms`)), budgetMs);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function pageRenderer(options: PageRendererOptions): PageRenderer {
  // A remote that does not fit the build's shell is not rendered here: the browser shows its fallback.
  const containers = refuseMisfits(serverContainers(options.origin));
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  const observe: RenderObserver = options.observe ?? (() => undefined);
  const reported = new Set<string>();
  const warnOnce = (key: string, text: string): void => {
    if (reported.has(key)) return;
    reported.add(key);
    options.warn(text);
  };

  const readAll = async (urls: string[]): Promise<PageData> => {
    const read = options.read;
    if (!read || urls.length === 0) return {};
    const answers = await Promise.all(urls.map(async (url) => [url, await read(url)] as const));
    return Object.fromEntries(answers.filter(([, answer]) => answer !== undefined));
  };

  /** The shell's server module, or null (logged once per version) when it cannot be loaded. */
  const loadShell = async (meta: BuildMeta) => {
    try {
      return await withinBudget(
        containers.load(meta, 'shell'),
        LOAD_BUDGET_MS,
        "loading the shell's server container",
      );
    } catch (error) {
      observe('shell', meta.apps.shell.version, error instanceof OverBudget ? 'over_budget' : 'failed');
      warnOnce(
        `shell@${meta.apps.shell.version}`,
        `[server-render] the shell ${meta.apps.shell.version} renders in the browser only: ${message(error)}`,
      );
      return null;
    }
  };

  /**
   * The page's data (its owner's first reads, and what its render asked for besides), with the
   * remote's HTML and head when the owner is a remote that rendered within the budget.
   */
  const pageData = async (
    meta: BuildMeta,
    shell: ShellServerModule,
    owner: string,
    location: Path,
    url: URL,
  ) => {
    if (!isRemoteName(owner))
      return { remote: null, head: null, data: await readAll(shell.firstReads(location)).catch(() => ({})) };
    const version = meta.apps[owner].version;
    try {
      const module = await withinBudget(
        containers.load(meta, owner),
        LOAD_BUDGET_MS,
        `loading ${owner}'s server container`,
      );
      const rendered = await withinBudget(
        (async () => {
          const given = await readAll(module.firstReads(location));
          return module.renderToHtml({
            location,
            basename: REMOTE_BASENAMES[owner],
            data: given,
            read: options.read,
          });
        })(),
        budgetMs,
        `${owner}'s server render of ${url.pathname}`,
      );
      observe(owner, version, rendered ? 'rendered' : 'browser_only');
      if (rendered)
        return { remote: { name: owner, html: rendered.html }, head: rendered.head, data: rendered.data };
      // A page left to the browser (a locker) still gives the document its title.
      const head = module.browserOnlyHead
        ? await withinBudget(
            module.browserOnlyHead({ location, basename: REMOTE_BASENAMES[owner] }),
            budgetMs,
            `${owner}'s head of ${url.pathname}`,
          )
        : null;
      return { remote: null, head, data: {} };
    } catch (error) {
      // Once per version and kind of failure: a remote that keeps failing must not flood the log.
      const kind = error instanceof OverBudget ? 'slow' : 'failed';
      observe(owner, version, error instanceof OverBudget ? 'over_budget' : 'failed');
      warnOnce(
        `${owner}@${version}:${kind}`,
        `[server-render] ${owner} ${version}: ${message(error)}; that page went out to render in the browser (logged once per version).`,
      );
    }
    return { remote: null, head: null, data: {} };
  };

  /** The shell's error page for `url`: no remote and no reads, its status and message in the payload. */
  const errorPage = async (meta: BuildMeta, url: URL, error: PageError): Promise<RenderedPage | null> => {
    const shell = await loadShell(meta);
    if (!shell) return null;
    const location: Path = { pathname: url.pathname, search: url.search, hash: '' };
    try {
      const page = await shell.renderToHtml({ location, data: {}, remote: null, error });
      return {
        html: page.html,
        head: page.head,
        payload: { path: `${url.pathname}${url.search}`, remote: null, data: {}, error },
      };
    } catch (failure) {
      warnOnce(
        `shell@${meta.apps.shell.version}:error-page`,
        `[server-render] the shell could not render the error page of ${url.pathname}: ${message(failure)}`,
      );
      return null;
    }
  };

  const render = async (
    meta: BuildMeta,
    resolution: RouteResolution,
    url: URL,
  ): Promise<RenderedPage | null> => {
    // A page that does not exist (no route, a slug no post or figure has) is the shell's 404 page,
    // with the message the browser would show (routing.md: parameters failing their pattern are fatal).
    if (resolution.status !== 200) {
      const fullPath = `${url.pathname}${url.search}`;
      const error = resolution.invalidParams ? invalidParamsError(fullPath) : noMatchError(fullPath);
      return errorPage(meta, url, { statusCode: resolution.status, message: error.message });
    }
    const owner = resolution.owner;
    if (!owner) return null;
    // One span a page: its reads of the API and their SQL are its children; the versions that rendered it are its attributes.
    return inSpan('render page', { 'url.path': url.pathname, 'arttoy.page.owner': owner }, async (span) => {
      const location: Path = { pathname: url.pathname, search: url.search, hash: '' };
      const shell = await loadShell(meta);
      if (!shell) return null;
      const { remote, head, data } = await pageData(meta, shell, owner, location, url);
      if (remote) span?.setAttribute(`arttoy.version.${remote.name}`, meta.apps[remote.name].version);
      const page = await renderShell(meta, shell, location, data, remote, url);
      if (page) span?.setAttribute('arttoy.version.shell', meta.apps.shell.version);
      return page && { ...page, head: head ?? page.head };
    });
  };

  /** The shell's render around the page's remote, or null (logged once per shell version). */
  const renderShell = async (
    meta: BuildMeta,
    shell: ShellServerModule,
    location: Path,
    data: PageData,
    remote: Awaited<ReturnType<typeof pageData>>['remote'],
    url: URL,
  ): Promise<RenderedPage | null> => {
    try {
      const page = await shell.renderToHtml({ location, data, remote });
      observe('shell', meta.apps.shell.version, 'rendered');
      return {
        html: page.html,
        head: page.head,
        payload: { path: `${url.pathname}${url.search}`, remote: remote?.name ?? null, data },
      };
    } catch (error) {
      observe('shell', meta.apps.shell.version, 'failed');
      warnOnce(
        `shell@${meta.apps.shell.version}:render`,
        `[server-render] the shell could not render ${url.pathname}: ${message(error)}`,
      );
      return null;
    }
  };

  const payload = async (meta: BuildMeta, resolution: RouteResolution, url: URL): Promise<PagePayload> => {
    const path = `${url.pathname}${url.search}`;
    if (!resolution.owner) return { path, remote: null, data: {} };
    const shell = await loadShell(meta);
    if (!shell) return { path, remote: null, data: {} };
    const { data } = await pageData(
      meta,
      shell,
      resolution.owner,
      { pathname: url.pathname, search: url.search, hash: '' },
      url,
    );
    return { path, remote: null, data };
  };

  const warm = async (meta: BuildMeta): Promise<void> => {
    await Promise.all(
      (Object.keys(meta.apps) as Array<keyof BuildMeta['apps']>)
        .filter((app) => meta.apps[app].server)
        .map((app) =>
          containers.load(meta, app).catch((error: unknown) => {
            warnOnce(
              `${app}@${meta.apps[app].version}:failed`,
              `[server-render] ${app} ${meta.apps[app].version}: ${message(error)}; its pages render in the browser (logged once per version).`,
            );
          }),
        ),
    );
  };
  const firstReads = async (meta: BuildMeta, resolution: RouteResolution, url: URL): Promise<string[]> => {
    const owner = resolution.status === 200 ? resolution.owner : null;
    if (!owner) return [];
    try {
      const module = await withinBudget(
        containers.load(meta, owner),
        LOAD_BUDGET_MS,
        `loading ${owner}'s server container`,
      );
      return module.firstReads({ pathname: url.pathname, search: url.search, hash: '' });
    } catch {
      // Reported where the render needs the same module; preloads only speed a page up.
      return [];
    }
  };

  return Object.assign(render, { warm, firstReads, payload, errorPage });
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
