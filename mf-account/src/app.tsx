// The one module this remote exposes (./app): single-spa lifecycles that the shell mounts as a parcel.
import { Router, type NavigationType } from 'react-router';
import type { RemoteProps } from '@arttoy/shared/contracts';
import { defineRemote, routerProps } from '@arttoy/shared/federation';
import { AppRoutes } from './routes';

/** The remote's root: the shell's props in, its own routes inside the shell's one router. */
export function AccountApp(props: RemoteProps) {
  return (
    <Router {...routerProps<NavigationType>(props)}>
      <AppRoutes />
    </Router>
  );
}

export const { bootstrap, mount, update, unmount } = defineRemote({ name: 'mf_account', App: AccountApp });
