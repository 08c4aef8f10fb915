/**
 * The server-rendering contract. Every app's server container (built beside its browser build,
 * `<app>/<version>/server/remoteEntry.js`) exposes `./server`. The site server loads them at run
 * time from the live manifest, runs the page's first reads in its own process, renders the owner
 * remote's page to HTML, then the shell around it, and writes the reads into the document as the
 * page payload, which the browser's first render reads instead of asking the API again.
 */
import type { Path } from './router-types';
import type { RemoteName } from './remote';

/**
 * API answers by the URL the page asks for (origin-relative: `/api/series/cloud-bakery`). A read
 * the API answered 404 is there as NOT_FOUND_ANSWER: a page that shows "not found" for it (a
 * gallery path that is a series, not a figure) renders that on the server as the browser would.
 */
export type PageData = Readonly<Record<string, unknown>>;

/**
 * How long a public market answer (a figure's listings and sales, a series' asks) may be kept: by
 * the API's answer cache and shared caches, and by a page that was served it. A few seconds, so a
 * served page shows real asks while a sold listing does not stay on show.
 */
export const MARKET_FRESH_MS = 5_000;

/** The payload's record of a 404 answer. */
export const NOT_FOUND_ANSWER = { notFound: true } as const;

export function isNotFoundAnswer(value: unknown): value is typeof NOT_FOUND_ANSWER {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { notFound?: unknown }).notFound === true &&
    Object.keys(value).length === 1
  );
}

/** What the site server writes into the document (`<script type="application/json" id="page-payload">`). */
export interface PagePayload {
  /** The path and query the payload was made for: the data is the first page's, and only its. */
  path: string;
  /** The remote whose page the server rendered inside the shell, or null (a shell page, or rendered in the browser). */
  remote: RemoteName | null;
  data: PageData;
  /**
   * The error page the document was served as (its status is the document's: 404 for a page that
   * does not exist, 500 for one that failed): the browser's first render shows the same page.
   */
  error?: PageError;
}

/** An error page the server rendered: its status and the message it shows. */
export interface PageError {
  statusCode: number;
  message: string;
}

export const PAGE_PAYLOAD_ELEMENT_ID = 'page-payload';

/**
 * What a page says about itself to search engines and link previews: the document's title,
 * description, canonical URL, Open Graph and Twitter card tags, and its schema.org data (JSON-LD).
 */
export interface PageHead {
  /** The page's own title, without the site's name (the document's title adds it). */
  title: string;
  description?: string;
  /** The picture of a link preview: an origin-relative or absolute URL. */
  image?: string;
  /** Open Graph type; `website` when left out. */
  type?: 'website' | 'article' | 'product';
  /** schema.org objects describing the page (Product, Article, BreadcrumbList …), written as JSON-LD. */
  structuredData?: ReadonlyArray<Readonly<Record<string, unknown>>>;
}

/** What a remote's (and the shell's) server render is given. */
export interface ServerRenderInput {
  location: Path;
  /** The remote's basename (REMOTE_BASENAMES), as in RemoteProps. */
  basename: string;
  /** Answers to the page's first reads (those that succeeded). */
  data: PageData;
  /** Reads one more URL the render asked for (a read that depends on another's answer); undefined when there is no public answer. */
  read?: (url: string) => Promise<unknown>;
}

/** A remote page rendered on the server: its HTML, every answer it was rendered from, and what it says about itself. */
export interface RenderedRemotePage {
  html: string;
  data: PageData;
  head: PageHead | null;
}

/** `./server` of a remote's server container. */
export interface RemoteServerModule {
  /** The API URLs the page at `location` reads first (exactly as the browser asks for them); none when it has nothing public to read. */
  firstReads: (location: Path) => string[];
  /**
   * The page's HTML as the remote's first render in the browser would make it, or null when the
   * page is per visitor (locker, payment) and must render in the browser only.
   */
  renderToHtml: (input: ServerRenderInput) => Promise<RenderedRemotePage | null>;
  /**
   * The head of a page renderToHtml leaves to the browser (its title: "Your locker"), as its first
   * browser render declares it, so the served document's title is the one the page shows; null
   * for any other page. Optional: containers built before it give browser-only pages the site's head.
   */
  browserOnlyHead?: (input: Pick<ServerRenderInput, 'location' | 'basename'>) => Promise<PageHead | null>;
}

/** `./server` of the shell's server container. */
export interface ShellServerModule {
  /** The first reads of the shell's own pages (content pages). */
  firstReads: (location: Path) => string[];
  /**
   * The whole `#root` content: the chrome, and the shell's page or the remote's HTML inside its
   * outlet; with the head of the shell's own page (a content page's), if it has one.
   */
  renderToHtml: (
    input: Omit<ServerRenderInput, 'basename'> & {
      remote: { name: RemoteName; html: string } | null;
      /** Renders the error page in the page's place (the document's status is not 200). */
      error?: PageError | null;
    },
  ) => Promise<{ html: string; head: PageHead | null }>;
}
