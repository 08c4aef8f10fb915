// The one module this remote exposes (./app): single-spa lifecycles that the shell mounts as a parcel.
import { Router, type NavigationType } from 'react-router';
import type { RemoteProps } from '@arttoy/shared/contracts';
import { defineRemote, routerProps } from '@arttoy/shared/federation';
import { RemoteContext } from './remote-context';
import { AppRoutes } from './routes';
import './gallery.css';

function GalleryApp(props: RemoteProps) {
  return (
    <RemoteContext.Provider value={props}>
      <Router {...routerProps<NavigationType>(props)}>
        <AppRoutes />
      </Router>
    </RemoteContext.Provider>
  );
}

export const { bootstrap, mount, update, unmount } = defineRemote({ name: 'mf_gallery', App: GalleryApp });

/** Loads a page's code ahead of a navigation (see LifeCycles.prefetch). */
export { prefetchPage as prefetch } from './routes';
