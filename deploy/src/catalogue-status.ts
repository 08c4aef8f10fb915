/**
 * The HTTP status of a gallery or box page whose parameters are well formed but may name nothing:
 * the route table cannot know whether `kawaii-pop` is a style or 99999 a box, the catalogue can. The site server asks
 * its in-process API (no network hop, one indexed read) and remembers answers for a minute, like
 * the API's own cache headers, so crawlers get 404 for unknown styles, series and figures.
 */
import type { FastifyInstance } from 'fastify';
import { matchPath } from 'react-router';
import type { SiteRoute } from '@arttoy/shared/contracts';
import type { RouteResolution } from './route-status';

/** The API reads that show a gallery page has something to show: any one answering 200 is enough. */
const CHECKS: Partial<Record<SiteRoute['id'], (params: Record<string, string>) => string[]>> = {
  'gallery-style-style': ({ style }) => [`/styles/${style}`],
  'gallery-series-style': ({ style }) => [`/series/${style}`],
  'gallery-style-detail-detail': ({ detail }) => [`/figures/${detail}`],
  'gallery-path': ({ path }) => [`/gallery-paths/${path}`],
  'mysterybox-model_id': ({ model_id: id }) => [`/box-models/${id}`],
};

/** Answers that decide whether a page exists: found, or the name refused. Anything else is the API's own trouble. */
export const isVerdict = (status: number): boolean => status <= 400 || status === 404 || status === 410;

const REMEMBER_MS = 60_000;
const MAX_REMEMBERED = 1_000;

export interface CatalogueStatus {
  /** The resolution with status 404 when the catalogue has nothing at this path. */
  resolve(resolution: RouteResolution, pathname: string): Promise<RouteResolution>;
}

/** Checks against the API mounted in `app` under `prefix`. */
export function catalogueStatus(app: FastifyInstance, prefix = '/api'): CatalogueStatus {
  const remembered = new Map<string, { exists: boolean; until: number }>();

  async function exists(apiPath: string): Promise<boolean> {
    const now = Date.now();
    const known = remembered.get(apiPath);
    if (known && known.until > now) return known.exists;
    const response = await app.inject({ method: 'GET', url: `${prefix}${apiPath}` });
    // A refusal of the name (404, or 400: a slug or id the API cannot hold) says "nothing here";
    // an API failure (5xx, 429) leaves the page to show its own error, and is not remembered.
    if (!isVerdict(response.statusCode)) return true;
    const found = response.statusCode < 400;
    if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    remembered.set(apiPath, { exists: found, until: now + REMEMBER_MS });
    return found;
  }

  return {
    async resolve(resolution, pathname) {
      const check = resolution.status === 200 && resolution.route ? CHECKS[resolution.route.id] : undefined;
      if (!check || !resolution.route) return resolution;
      const match = matchPath(resolution.route.path, pathname.replace(/\/+$/, '') || '/');
      if (!match) return resolution;
      const params = Object.fromEntries(
        Object.entries(match.params).map(([name, value]) => [name, encodeURIComponent(value ?? '')]),
      );
      for (const apiPath of check(params)) if (await exists(apiPath)) return resolution;
      return { ...resolution, status: 404 };
    },
  };
}
