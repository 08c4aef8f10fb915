import type { LifeCycles, RemoteName, RemoteProps } from '@arttoy/shared/contracts';
import { defineRemote } from '@arttoy/shared/federation';
import type { Remote } from './create-remote';

/**
 * A remote's `./app` (its src/app.tsx exports exactly this): the single-spa lifecycles the shell
 * mounts as a parcel, and the prefetch of its pages. A mount over the server's HTML loads the
 * page's code first, so the hydrating render is the server's page and not its placeholder.
 */
export function remoteApp<N extends RemoteName>(
  remote: Remote<N>,
): LifeCycles<RemoteProps> & Pick<Remote<N>, 'prefetch'> {
  const lifecycles = defineRemote({
    name: remote.name,
    App: remote.App,
    prepare: (props) => remote.preparePage(props.location.pathname),
  });
  return { ...lifecycles, prefetch: remote.prefetch };
}
