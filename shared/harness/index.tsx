/**
 * The standalone QA harness of a remote: its own page with a minimal router that mounts the
 * remote's `./app` lifecycles exactly as the shell does. Bundled into each remote's standalone
 * build only; the shell never loads it.
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider } from 'react-router';
import {
  routesOf,
  sampleHref,
  type LifeCycles,
  type Navigator,
  type RemoteName,
  type RemoteProps,
} from '../contracts';
import { navigatorFor } from '../federation';
import { RoutedParcelOutlet } from '../federation/routed-outlet';
import { RemoteFallback, Skeleton } from '../ui';
import '../ui/tokens.css';

export function startHarness(options: {
  name: RemoteName;
  load: () => Promise<LifeCycles<RemoteProps>>;
}): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The harness page needs an element with id "root".');
  const first = routesOf(options.name)[0];
  const firstPath = first ? sampleHref(first) : '/';
  // The navigator is bound lazily: the router's one route element needs it before the router exists.
  const navigator = navigatorFor({
    navigate: (to, opts) => router.navigate(to as never, opts),
    createHref: (location) => router.createHref(location),
  });
  const router = createBrowserRouter([
    { path: '*', element: <HarnessPage name={options.name} load={options.load} navigator={navigator} /> },
  ]);
  if (window.location.pathname === '/' && firstPath !== '/')
    void router.navigate(firstPath, { replace: true });
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

interface HarnessPageProps {
  name: RemoteName;
  load: () => Promise<LifeCycles<RemoteProps>>;
  navigator: Navigator;
}

function HarnessPage({ name, load, navigator }: HarnessPageProps): ReactNode {
  return (
    <div className="harness">
      <header className="harness__bar">
        <strong>{name}</strong> <span>standalone QA harness</span>
        <nav aria-label="Routes of this remote">
          {routesOf(name).map((route) => (
            <Link key={route.id} to={sampleHref(route)}>
              {route.id}
            </Link>
          ))}
        </nav>
      </header>
      <main id="main">
        <RoutedParcelOutlet
          name={name}
          load={load}
          navigator={navigator}
          loading={<Skeleton lines={4} />}
          renderError={(error, retry) => <RemoteFallback name={name} error={error} onRetry={retry} />}
        />
      </main>
    </div>
  );
}
