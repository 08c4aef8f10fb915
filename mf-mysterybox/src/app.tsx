// The one module this remote exposes (./app): single-spa lifecycles that the shell mounts as a parcel.
import { Router, type NavigationType } from 'react-router';
import type { RemoteProps } from '@arttoy/shared/contracts';
import { defineRemote, routerProps } from '@arttoy/shared/federation';
import { ShellProps } from './remote-context';
import { AppRoutes, prefetchPage } from './routes';
import './styles/mysterybox.css';

/** The remote's root: the shell's props in, its own routes inside the shell's one router. */
export function MysteryBoxApp(props: RemoteProps) {
  return (
    <ShellProps.Provider value={props}>
      <Router {...routerProps<NavigationType>(props)}>
        <AppRoutes />
      </Router>
    </ShellProps.Provider>
  );
}

export const { bootstrap, mount, update, unmount } = defineRemote({
  name: 'mf_mysterybox',
  App: MysteryBoxApp,
  // Hydrating the server's page needs that page's code first.
  prepare: (props) => prefetchPage(props.location.pathname),
});

/** Loads a page's code ahead of a navigation (see LifeCycles.prefetch). */
export { prefetchPage as prefetch };
