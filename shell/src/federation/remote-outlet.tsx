import { useContext, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isSiteError, REMOTE_NAMES, type RemoteName } from '@arttoy/shared/contracts';
import { RoutedParcelOutlet } from '@arttoy/shared/federation/routed-outlet';
import { RemoteFallback, Skeleton } from '@arttoy/shared/ui';
import { reportRemoteError } from '../field/start-field';
import { ErrorPage } from '../pages/error-page';
import { claimReload } from './chunk-reload-guard';
import { onceOnline } from './online-status';
import { isCodeLoadError } from './remote-load-error';
import { isRemoteMisfit, reportRemoteMisfit } from './remote-misfit';
import { loadRemoteApp, markRemoteFailed } from './remotes';
import { ShellNavigatorContext } from './shell-navigator';

/** One stable loader per remote: the outlet restarts its load when the loader changes. */
const loaders = Object.fromEntries(REMOTE_NAMES.map((name) => [name, () => loadRemoteApp(name)])) as Record<
  RemoteName,
  () => ReturnType<typeof loadRemoteApp>
>;

/** The contained fallback; when the connection comes back, it retries by itself. */
function ContainedFallback({
  name,
  error,
  retry,
}: {
  name: RemoteName;
  error: Error;
  retry: () => void;
}): ReactNode {
  useEffect(() => onceOnline(retry), [retry]);
  // Once per error shown (a retry that fails again brings a new one).
  useEffect(() => reportRemoteError(name, isCodeLoadError(error) ? 'load' : 'remote', error), [name, error]);
  return <RemoteFallback name={name} error={error} onRetry={retry} />;
}

/**
 * Where a remote's pages appear. Rendered keyed by the remote's name, so moving between two
 * routes of one remote updates its parcel, and moving to another remote swaps the parcel.
 */
export function RemoteOutlet({ name, serverHtml }: { name: RemoteName; serverHtml?: string }): ReactNode {
  const location = useLocation();
  const navigator = useContext(ShellNavigatorContext);
  if (!navigator) throw new Error('RemoteOutlet must render inside ShellNavigatorContext.');
  return (
    <RoutedParcelOutlet
      name={name}
      load={loaders[name]}
      navigator={navigator}
      serverHtml={serverHtml}
      loading={<Skeleton lines={5} label="Loading this page" />}
      renderError={(error, retry) => {
        if (isSiteError(error)) return <ErrorPage error={error} />;
        // A running remote that asked for a shared module the page cannot give it (a lazy page's chunk).
        if (isRemoteMisfit(error)) reportRemoteMisfit(error);
        if (isCodeLoadError(error)) {
          // The next load must not reuse a container that remembers the failed chunk.
          markRemoteFailed(name);
          // Offline, a reload would only swap the site for the browser's error page: contain it and retry once online.
          if (window.navigator.onLine && claimReload(`${location.pathname}${location.search}`)) {
            reportRemoteError(name, 'load', error);
            // Most likely a deploy replaced the files this page knew: a full load of the target gets the new build.
            window.location.reload();
            return <Skeleton lines={5} label="Loading this page" />;
          }
        }
        return <ContainedFallback name={name} error={error} retry={retry} />;
      }}
    />
  );
}
