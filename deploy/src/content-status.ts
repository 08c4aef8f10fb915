/**
 * The HTTP status of pages that show a content document: a blog post (`/blog/{id}`) and the
 * catch-all (`/about`). The route table cannot know whether a document exists; the API can. The
 * site server asks its in-process API (no network hop) and remembers published answers for a
 * minute, like the API's own cache headers, so `/about` answers 200 and an unknown post 404.
 */
import type { FastifyInstance } from 'fastify';
import { isVerdict } from './catalogue-status';
import type { RouteResolution } from './route-status';

/** Routes whose page is the document at the URL's path. */
const CONTENT_ROUTES: ReadonlySet<string> = new Set(['blog-id', 'slug']);

const REMEMBER_MS = 60_000;
const MAX_REMEMBERED = 1_000;

export interface ContentStatus {
  /**
   * The resolution with status 200 when a document exists at the path, 404 when none does. With
   * `?preview=true` the visitor's cookie goes along, so a draft they may see is found too.
   */
  resolve(resolution: RouteResolution, url: URL, cookie: string | undefined): Promise<RouteResolution>;
}

/** Checks against the API mounted in `app` under `prefix`. */
export function contentStatus(app: FastifyInstance, prefix = '/api'): ContentStatus {
  const remembered = new Map<string, { exists: boolean; until: number }>();

  async function ask(
    path: string,
    cookie: string | undefined,
  ): Promise<{ exists: boolean; verdict: boolean }> {
    const query = new URLSearchParams({ path, ...(cookie === undefined ? {} : { preview: 'true' }) });
    const response = await app.inject({
      method: 'GET',
      url: `${prefix}/content/document?${query}`,
      headers: cookie === undefined ? {} : { cookie },
    });
    // A 404 (or a path the API refuses) says "no document"; an API failure leaves the page to show
    // its own error, and is not remembered.
    return isVerdict(response.statusCode)
      ? { exists: response.statusCode < 400, verdict: true }
      : { exists: true, verdict: false };
  }

  async function published(path: string): Promise<boolean> {
    const now = Date.now();
    const known = remembered.get(path);
    if (known && known.until > now) return known.exists;
    const { exists, verdict } = await ask(path, undefined);
    if (!verdict) return exists;
    if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    remembered.set(path, { exists, until: now + REMEMBER_MS });
    return exists;
  }

  return {
    async resolve(resolution, url, cookie) {
      const { route } = resolution;
      // Parameters that fail the route table stay 404; only a well-formed content path is looked up.
      if (!route || !CONTENT_ROUTES.has(route.id) || (route.id !== 'slug' && resolution.status !== 200))
        return resolution;
      const path = url.pathname.replace(/\/+$/, '') || '/';
      const preview = url.searchParams.get('preview') === 'true' && cookie !== undefined;
      const exists = preview ? (await ask(path, cookie)).exists : await published(path);
      return { ...resolution, status: exists ? 200 : 404 };
    },
  };
}
