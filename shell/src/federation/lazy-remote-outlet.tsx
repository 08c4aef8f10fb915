import { useContext, type ReactNode } from 'react';
import type { RemoteName } from '@arttoy/shared/contracts';
import { lazyComponent, Skeleton } from '@arttoy/shared/ui';
import { claimReload } from './chunk-reload-guard';
import { ServerRemoteContext } from './server-outlet';

/**
 * The outlet's code (single-spa and the parcel runtime) is a chunk of its own, named for the site
 * server's preloads: the home page and the shell's content pages never need it. It loads without
 * Suspense (see lazyComponent): React's fallback throttle would hold every first remote page back 300 ms.
 */
const Outlet = lazyComponent<{ name: RemoteName; serverHtml?: string }>(
  () =>
    import(/* webpackChunkName: "remote-outlet" */ './remote-outlet').then((module) => module.RemoteOutlet),
  {
    fallback: <Skeleton lines={5} label="Loading this page" />,
    onLoadError: () => {
      // As for a remote: a deploy may have replaced the files; one full load of this path gets the new build.
      const path = `${window.location.pathname}${window.location.search}`;
      if (!window.navigator.onLine || !claimReload(path)) return false;
      window.location.reload();
      return true;
    },
  },
);

/** Loads the outlet's code ahead of a navigation to a remote's page (the link prefetcher). */
export const preloadRemoteOutlet = Outlet.preload;

/** Where a remote's pages appear (see RemoteOutlet), loading the outlet's own code first. */
export function LazyRemoteOutlet({ name }: { name: RemoteName }): ReactNode {
  const server = useContext(ServerRemoteContext);
  // Only the first page's outlet holds the server's HTML; later outlets of the same remote start empty.
  return <Outlet name={name} serverHtml={server?.name === name ? server.html : undefined} />;
}
