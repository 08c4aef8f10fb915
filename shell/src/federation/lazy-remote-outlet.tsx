import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { RemoteName } from '@arttoy/shared/contracts';
import { Skeleton } from '@arttoy/shared/ui';
import { claimReload } from './chunk-reload-guard';

type Outlet = ComponentType<{ name: RemoteName }>;

/**
 * The outlet's code (single-spa and the parcel runtime) is a chunk of its own, named for the site
 * server's preloads: the home page and the shell's content pages never need it.
 */
function loadOutlet(): Promise<{ default: Outlet }> {
  return import(/* webpackChunkName: "remote-outlet" */ './remote-outlet').then(
    (module) => ({ default: module.RemoteOutlet }),
    (error: unknown) => {
      // React keeps a failed lazy component: the next render must start a fresh load.
      Outlet = lazy(loadOutlet);
      // As for a remote: a deploy may have replaced the files; one full load of this path gets the new build.
      const path = `${window.location.pathname}${window.location.search}`;
      if (window.navigator.onLine && claimReload(path)) {
        window.location.reload();
        return new Promise<never>(() => {});
      }
      throw error;
    },
  );
}

let Outlet = lazy(loadOutlet);

/** Where a remote's pages appear (see RemoteOutlet), loading the outlet's own code first. */
export function LazyRemoteOutlet({ name }: { name: RemoteName }): ReactNode {
  return (
    <Suspense fallback={<Skeleton lines={5} label="Loading this page" />}>
      <Outlet name={name} />
    </Suspense>
  );
}
