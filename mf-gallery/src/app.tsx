// The one module this remote exposes (./app): single-spa lifecycles that the shell mounts as a parcel.
import { Router, type NavigationType } from 'react-router';
import type { RemoteProps } from '@arttoy/shared/contracts';
import { defineRemote, routerProps } from '@arttoy/shared/federation';
import { ShopBoxes } from './components/shop-boxes';
import { RemoteContext } from './remote-context';
import { AppRoutes, prefetchPage } from './routes';
import './gallery.css';

/** The remote's root: the shell's props in, its own routes inside the shell's one router. */
export function GalleryApp(props: RemoteProps) {
  return (
    <RemoteContext.Provider value={props}>
      <Router {...routerProps<NavigationType>(props)}>
        <ShopBoxes />
        <AppRoutes />
      </Router>
    </RemoteContext.Provider>
  );
}

export const { bootstrap, mount, update, unmount } = defineRemote({
  name: 'mf_gallery',
  App: GalleryApp,
  // Hydrating the server's page needs that page's code first.
  prepare: (props) => prefetchPage(props.location.pathname),
});

/** Loads a page's code ahead of a navigation (see LifeCycles.prefetch). */
export { prefetchPage as prefetch };
