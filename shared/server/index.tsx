/**
 * Server rendering helpers for the apps' server modules (`src/server.tsx`). Bundled into the
 * server containers only: browser code never imports this.
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type {
  Location,
  PageData,
  PageHead,
  Path,
  RemoteProps,
  RemoteServerModule,
  RenderedRemotePage,
  ServerRenderInput,
} from '../contracts';
import { navigatorFor } from '../federation/navigator';
import { PageDataProvider } from '@arttoy/shared/federation/page-data';

/** The navigator of a page being rendered on the server: links get their hrefs; nothing navigates. */
export const serverNavigator = navigatorFor({
  navigate: () => {
    throw new Error('Nothing navigates during a server render.');
  },
  createHref: (location) => `${location.pathname}${location.search}${location.hash}`,
});

/** The props the shell's outlet gives a remote, for the location being rendered. */
export function serverRemoteProps(location: Path, basename: string): RemoteProps {
  const full: Location = {
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    state: null,
    key: 'default',
  };
  return {
    basename,
    location: full,
    navigationType: 'POP',
    navigator: serverNavigator,
    // A page's 404 is the site server's to answer (its status comes from the route and the API).
    onRemoteError: () => undefined,
  };
}

export interface RemoteServerOptions {
  /** The remote's root component: the same `App` its `./app` mounts. */
  App: ComponentType<RemoteProps>;
  firstReads: RemoteServerModule['firstReads'];
  /** Loads the code of the page at `path` (the remote's `prefetch`), so the render shows the page rather than its placeholder. */
  preparePage: (path: string) => Promise<unknown>;
  /** Pages rendered in the browser only: one visitor's data (a locker, a payment), or a redirect. */
  browserOnly?: (location: Path) => boolean;
}

/** A remote's `./server`: its first reads, and its page rendered as the remote's first browser render makes it. */
export function defineRemoteServer(options: RemoteServerOptions): RemoteServerModule {
  return {
    firstReads: options.firstReads,
    renderToHtml: async ({ location, basename, data, read }: ServerRenderInput) => {
      if (options.browserOnly?.(location)) return null;
      await options.preparePage(location.pathname);
      return renderWithReads(
        (given, wanted, onHead) => {
          const { App } = options;
          return renderToString(
            <PageDataProvider data={given} wanted={wanted} onHead={onHead}>
              <App {...serverRemoteProps(location, basename)} />
            </PageDataProvider>,
          );
        },
        data,
        read,
      );
    },
    browserOnlyHead: async ({ location, basename }) => {
      if (!options.browserOnly?.(location)) return null;
      await options.preparePage(location.pathname);
      // Rendered only for what the page declares; its HTML (a loading state) is the browser's to make.
      let head: PageHead | null = null;
      const { App } = options;
      renderToString(
        <PageDataProvider
          data={{}}
          onHead={(next) => {
            head = next;
          }}
        >
          <App {...serverRemoteProps(location, basename)} />
        </PageDataProvider>,
      );
      return head;
    },
  };
}

/** Renders at most this many times: the deepest page (a figure → its series → its boxes) needs three. */
const MAX_PASSES = 4;

/**
 * Renders, reads what the render asked for and was not given, and renders again, until the page
 * asks for nothing new (or a read has no answer: that part renders as the browser would without it).
 */
export async function renderWithReads(
  render: (given: PageData, wanted: Set<string>, onHead: (head: PageHead) => void) => string,
  first: PageData,
  read: ServerRenderInput['read'],
): Promise<RenderedRemotePage> {
  const data: Record<string, unknown> = { ...first };
  const missing = new Set<string>();
  for (let pass = 1; ; pass += 1) {
    const wanted = new Set<string>();
    let head: PageHead | null = null;
    const html = render(data, wanted, (next) => {
      head = next;
    });
    const next = [...wanted].filter((url) => !missing.has(url));
    if (next.length === 0 || !read || pass === MAX_PASSES) return { html, data, head };
    const answers = await Promise.all(next.map(async (url) => [url, await read(url)] as const));
    for (const [url, answer] of answers) {
      if (answer === undefined) missing.add(url);
      else data[url] = answer;
    }
  }
}
