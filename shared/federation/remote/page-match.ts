import { matchRoutes } from 'react-router';
import { routesOf, type RemoteName, type SiteRoute } from '@arttoy/shared/contracts';

/** The parameter names of a route pattern: `/gallery/style/:style` → `style`. */
type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

type PageMatchOf<Route> = Route extends SiteRoute
  ? { id: Route['id']; path: Route['path']; params: Readonly<Record<ParamNames<Route['path']>, string>> }
  : never;

/**
 * The route of a remote's page that a site path reaches, with its parameters: a union over the
 * remote's routes, so `page.id === 'mysterybox-model_id'` gives `page.params.model_id`.
 */
export type PageMatch<N extends RemoteName> = PageMatchOf<Extract<SiteRoute, { owner: N }>>;

/** The page of `name` at a site path (its query is ignored), or null when none of its routes matches. */
export function matchPage<N extends RemoteName>(name: N, path: string): PageMatch<N> | null {
  const table: readonly SiteRoute[] = routesOf(name);
  const match = matchRoutes([...table], path)?.at(-1);
  if (!match) return null;
  return { id: match.route.id, path: match.route.path, params: match.params } as PageMatch<N>;
}
