/**
 * A remote's `./server` (its src/server.tsx exports exactly this). Bundled into the server
 * containers only: browser code never imports this file (it brings react-dom/server).
 */
import type { Path, RemoteName, RemoteServerModule, RouteIdOf } from '@arttoy/shared/contracts';
import { defineRemoteServer } from '@arttoy/shared/server';
import type { Remote } from './create-remote';
import type { PageMatch } from './page-match';

export interface RemoteServerOptions<N extends RemoteName> {
  /**
   * The API URLs the page reads first, known from its URL alone (exactly as the browser asks for
   * them); the render asks for the rest. None by default.
   */
  firstReads?: (page: PageMatch<N>, location: Path) => string[];
  /** The pages rendered in the browser only: one visitor's data (a locker, a payment), or a redirect. */
  browserOnly?: ReadonlyArray<RouteIdOf<N>>;
}

/** The remote's server module: its first reads, and its pages rendered as its first browser render makes them. */
export function remoteServer<N extends RemoteName>(
  remote: Remote<N>,
  options: RemoteServerOptions<N> = {},
): RemoteServerModule {
  const browserOnly = new Set<string>(options.browserOnly ?? []);
  return defineRemoteServer({
    App: remote.App,
    firstReads: (location) => {
      const page = remote.match(location.pathname);
      return page && options.firstReads ? options.firstReads(page, location) : [];
    },
    preparePage: remote.preparePage,
    browserOnly: (location) => browserOnly.has(remote.match(location.pathname)?.id ?? ''),
  });
}
