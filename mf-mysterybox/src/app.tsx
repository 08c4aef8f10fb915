// The one module this remote exposes (./app): single-spa lifecycles that the shell mounts as a parcel.
import { Router, type NavigationType } from 'react-router';
import type { RemoteProps } from '@arttoy/shared/contracts';
import { defineRemote, routerProps } from '@arttoy/shared/federation';
import { ShellProps } from './remote-context';
import { AppRoutes } from './routes';
import './styles/mysterybox.css';

function MysteryBoxApp(props: RemoteProps) {
  return (
    <ShellProps.Provider value={props}>
      <Router {...routerProps<NavigationType>(props)}>
        <AppRoutes />
      </Router>
    </ShellProps.Provider>
  );
}

export const { bootstrap, mount, update, unmount } = defineRemote({ name: 'mf_mysterybox', App: MysteryBoxApp });

/** Loads a page's code ahead of a navigation (see LifeCycles.prefetch). */
export { prefetchPage as prefetch } from './routes';
