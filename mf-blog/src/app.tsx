// The one module this remote exposes (./app): single-spa lifecycles that the shell mounts as a parcel.
import { Router, type NavigationType } from 'react-router';
import type { RemoteProps } from '@arttoy/shared/contracts';
import { ContentRemoteContext } from '@arttoy/shared/content';
import { defineRemote, routerProps } from '@arttoy/shared/federation';
import { AppRoutes } from './routes';

/** The remote's root: the shell's props in, its own routes inside the shell's one router. */
export function BlogApp(props: RemoteProps) {
  return (
    <ContentRemoteContext value={props}>
      <Router {...routerProps<NavigationType>(props)}>
        <AppRoutes />
      </Router>
    </ContentRemoteContext>
  );
}

export const { bootstrap, mount, update, unmount } = defineRemote({ name: 'mf_blog', App: BlogApp });

/** Reads a post's document ahead of a navigation (see LifeCycles.prefetch). */
export { prefetchPage as prefetch } from './routes';
