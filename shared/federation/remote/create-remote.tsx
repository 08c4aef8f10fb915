import {
  cloneElement,
  createElement,
  isValidElement,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Route, Router, Routes, type NavigationType } from 'react-router';
import {
  REMOTE_BASENAMES,
  relativeRoutePath,
  routesOf,
  type PrefetchOptions,
  type RemoteName,
  type RemoteProps,
  type RouteIdOf,
  type SiteRoute,
} from '@arttoy/shared/contracts';
import { routerProps } from '@arttoy/shared/federation';
import type { LazyComponent } from '@arttoy/shared/ui';
import { matchPage, type PageMatch } from './page-match';
import { RemoteContext } from './remote-context';

/**
 * What a route shows: a component (a `lazyPage` is loaded ahead by prefetch and before a
 * hydration), or an element, which keeps one page instance across routes that show the same component.
 */
export type RemotePage = ComponentType | ReactElement;

export interface RemoteOptions<N extends RemoteName> {
  /** The container name: the Module Federation name, the single-spa name and the log prefix. */
  name: N;
  /** The page of every route the remote owns (its rows of shared/contracts/routes.ts), by route id. */
  pages: Record<RouteIdOf<N>, RemotePage>;
  /** Shown above every page of the remote, inside its router. */
  header?: ReactNode;
  /**
   * The first read of a page that prefetch may start ahead of a click (resolving false when the
   * page turns out not to exist); null for a page with nothing to read ahead.
   */
  readAhead?: (page: PageMatch<N>) => (() => Promise<boolean>) | null;
}

/** A remote's one definition; `remoteApp` makes its `./app` from it, `remoteServer` its `./server`. */
export interface Remote<N extends RemoteName = RemoteName> {
  name: N;
  /** The remote's root: the shell's props in (useRemote), its own routes inside the shell's one router. */
  App: ComponentType<RemoteProps>;
  /** The page at a site path, or null when none of the remote's routes matches. */
  match: (path: string) => PageMatch<N> | null;
  /** Loads the code of the page at `path` (a lazy page's chunk), so that a render shows the page, not its placeholder. */
  preparePage: (path: string) => Promise<void>;
  /**
   * `./app`'s prefetch (see LifeCycles.prefetch): the code of the page at `path` and, unless
   * `data: false`, its first read; false when no page matches or the page has nothing to load ahead.
   */
  prefetch: (path: string, options?: PrefetchOptions) => Promise<boolean>;
}

function isLazy(page: RemotePage): page is LazyComponent<object> {
  return typeof page === 'function' && 'preload' in page;
}

/**
 * Defines a remote from its pages: the route loop, the shell's props, the page lookups that the
 * browser entry (`remoteApp`), the server entry (`remoteServer`) and the prefetch share.
 */
export function createRemote<N extends RemoteName>(options: RemoteOptions<N>): Remote<N> {
  const { name, pages, header } = options;
  // By id as a string: the generic N hides which routes its table holds.
  const pageOf = (id: string): RemotePage => pages[id as RouteIdOf<N>];
  const table: readonly SiteRoute[] = routesOf(name);
  const routes = table.map((route) => ({
    id: route.id,
    path: relativeRoutePath(route.path, REMOTE_BASENAMES[name]),
  }));

  function RemoteRoot(props: RemoteProps): ReactNode {
    return (
      <RemoteContext value={props}>
        <Router {...routerProps<NavigationType>(props)}>
          {header}
          <Routes>
            {routes.map(({ id, path }) => {
              // A new element on every render, so an update from the shell renders the page again.
              const page = pageOf(id);
              const element = isValidElement(page) ? cloneElement(page) : createElement(page);
              return path === '' ? (
                <Route key={id} index element={element} />
              ) : (
                <Route key={id} path={path} element={element} />
              );
            })}
          </Routes>
        </Router>
      </RemoteContext>
    );
  }
  RemoteRoot.displayName = `RemoteRoot(${name})`;

  const match = (path: string): PageMatch<N> | null => matchPage(name, path);

  return {
    name,
    App: RemoteRoot,
    match,
    preparePage: async (path) => {
      const page = match(path);
      const component = page && pageOf(page.id);
      if (component && isLazy(component)) await component.preload();
    },
    prefetch: async (path, { data = true } = {}) => {
      const page = match(path);
      if (!page) return false;
      const component = pageOf(page.id);
      const read = options.readAhead?.(page) ?? null;
      if (!isLazy(component) && !read) return false;
      if (isLazy(component)) await component.preload();
      return read && data ? read() : true;
    },
  };
}
