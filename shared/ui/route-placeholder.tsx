import type { ComponentType, ReactNode } from 'react';
import {
  appFolder,
  relativeRoutePath,
  REMOTE_BASENAMES,
  routesOf,
  samplePath,
  type AppName,
} from '../contracts';
import { signedInText, useAuthStore } from '../stores';

interface PlaceholderProps {
  title: string;
  routeId: string;
  children?: ReactNode;
}

/** The parts of the app's own react-router a placeholder needs (each app bundles its own copy). */
interface RouterParts {
  Link: ComponentType<{ to: string; children?: ReactNode }>;
  useParams: () => Readonly<Record<string, string | undefined>>;
}

/**
 * Makes the placeholder page of an app whose features have not landed yet: it names the route,
 * its owner and its parameters, the visitor as the shared auth store sees them, and links to the
 * app's other routes (through the app's own `<Link>`, so they drive the shell's one router).
 */
export function createPlaceholderPage(
  owner: AppName,
  { Link, useParams }: RouterParts,
): ComponentType<PlaceholderProps> {
  const basename = owner === 'shell' ? '/' : REMOTE_BASENAMES[owner];
  const siblings = routesOf(owner).filter((route) => route.id !== 'slug');

  function PlaceholderPage({ title, routeId, children }: PlaceholderProps): ReactNode {
    const params = Object.entries(useParams()).filter(([name]) => name !== '*');
    const user = useAuthStore((state) => state.user);
    return (
      <article className="ui-placeholder" data-route={routeId} data-owner={owner}>
        <h1>{title}</h1>
        <p className="ui-placeholder__note">
          This page is on its way. It is served by <code>{appFolder(owner)}</code> (route{' '}
          <code>{routeId}</code>).
        </p>
        {params.length > 0 ? (
          <dl className="ui-placeholder__params" aria-label="Route parameters">
            {params.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd data-param={name}>{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p data-testid="visitor">{user ? signedInText(user) : 'Signed out'}</p>
        {children}
        <nav className="ui-placeholder__links" aria-label="More in this section">
          {siblings
            .filter((route) => route.id !== routeId)
            .map((route) => (
              <Link key={route.id} to={`/${relativeRoutePath(samplePath(route.path), basename)}`}>
                {route.id}
              </Link>
            ))}
        </nav>
      </article>
    );
  }
  return PlaceholderPage;
}
