import type { ReactNode } from 'react';
import { appFolder, type AppName } from '../contracts';
import { useAuthStore } from '../stores';

/**
 * Stands in for a page whose feature has not landed yet: names the route, its owner and its
 * parameters, and the visitor as the shared auth store sees them.
 */
export function RoutePlaceholder(props: {
  title: string;
  routeId: string;
  owner: AppName;
  params: Readonly<Record<string, string | undefined>>;
  children?: ReactNode;
}): ReactNode {
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  const params = Object.entries(props.params).filter(([name]) => name !== '*');
  return (
    <article className="ui-placeholder" data-route={props.routeId} data-owner={props.owner}>
      <h1>{props.title}</h1>
      <p className="ui-placeholder__note">
        This page is on its way. It is served by <code>{appFolder(props.owner)}</code> (route <code>{props.routeId}</code>).
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
      <p data-testid="visitor">{uid ? `Signed in as ${uid}` : 'Signed out'}</p>
      {props.children}
    </article>
  );
}
