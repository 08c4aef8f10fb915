/**
 * Concrete paths for the route patterns of the site, with sample parameters that pass each route's
 * validation. Pure data (no DOM): browser tests and the deploy (node) tests both use it.
 */
import { matchPath } from 'react-router';
import { paramsAreValid, routesOf, type AppName, type SiteRoute } from '../contracts';

/** A value for every route parameter of the site; each passes its route's validation. */
const SAMPLE_PARAMS: Readonly<Record<string, string>> = {
  id: 'first-post',
  path: 'soft-vinyl',
  style: 'designer-toy',
  detail: 'labubu-v2',
  model_id: '42',
  order_sn: 'AT7K2M9Q4X1B8C3D5E',
};

export interface RouteSample {
  route: SiteRoute;
  /** A concrete path that reaches the route. */
  path: string;
  /** The parameters that path carries. */
  params: Record<string, string>;
}

/** A concrete path and its parameters for a route pattern, using SAMPLE_PARAMS. */
export function sampleOf(route: SiteRoute): RouteSample {
  const params: Record<string, string> = {};
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = SAMPLE_PARAMS[name];
    if (value === undefined)
      throw new Error(
        `No sample value for route parameter "${name}" (${route.id}): add one to SAMPLE_PARAMS.`,
      );
    params[name] = value;
    return value;
  });
  if (!paramsAreValid(route, params))
    throw new Error(`The sample parameters of ${route.id} fail its validation: fix SAMPLE_PARAMS.`);
  if (!matchPath(route.path, path)) throw new Error(`Sample path ${path} does not match ${route.path}.`);
  return { route, path, params };
}

/** One sample per route the app owns, for `it.each`. */
export function routeSamples(name: AppName): RouteSample[] {
  return routesOf(name).map((route) => sampleOf(route));
}
