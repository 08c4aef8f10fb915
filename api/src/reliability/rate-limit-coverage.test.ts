/**
 * Rate limits are the default: every route of the API, as Fastify's route table lists it, answers
 * 429 once its policy's count is used up, and so do unknown paths under any method. A route that
 * is not limited must say so itself (`config: { rateLimit: false }`) and be named here, with why.
 */
import type { HTTPMethods } from 'fastify';
import { buildTestApi, type BuiltTestApi, SETUP_TIMEOUT } from '../test/helper';

const ONE: { max: number; timeWindow: number } = { max: 1, timeWindow: 60_000 };

/**
 * The routes that are not limited per client IP, and why. Anything else that is not limited fails
 * this test.
 */
const NOT_LIMITED: Record<string, string> = {
  // Catalogue and content reads: answered from memory (cache/answer-cache.ts), and read by a drop
  // day's crowd through shared addresses (mobile carriers' NAT), where a per-IP count would refuse
  // real buyers.
  'GET /api/styles': 'cached catalogue read',
  'GET /api/styles/:slug': 'cached catalogue read',
  'GET /api/series': 'cached catalogue read',
  'GET /api/series/:slug': 'cached catalogue read',
  'GET /api/figures': 'cached catalogue read',
  'GET /api/figures/:slug': 'cached catalogue read',
  'GET /api/figures/:slug/art.svg': 'cached catalogue read',
  'GET /api/figures/secret.svg': 'cached catalogue read',
  'GET /api/gallery-paths/:slug': 'cached catalogue read',
  'GET /api/box-models': 'cached catalogue read',
  'GET /api/box-models/:id': 'cached catalogue read',
  'GET /api/box-models/:id/art.svg': 'cached catalogue read',
  'GET /api/content/document': 'cached content read',
  'GET /api/content/documents': 'cached content read',
  'GET /api/content/assets/:name': 'cached content read',
  'GET /api/search.json': 'cached catalogue and content read',
  // The public market: kept a few seconds (routes/market), and read by the site server for every
  // visitor's figure page from its own address.
  'GET /api/market/figures/:slug': 'cached market read',
  'GET /api/market/asks': 'cached market read',
  // Load balancers ask it every few seconds from a handful of addresses.
  'GET /api/health': 'load balancer health check',
  'GET /api/healthz': 'liveness probe',
  'GET /api/readyz': 'readiness probe',
  // Providers deliver events in bursts from few addresses; each is verified with the provider
  // before anything changes, and its concurrent bodies are capped (routes/payments).
  'POST /api/payments/webhook/:provider': 'payment provider events',
};

/** A URL for a route pattern: every parameter filled (limits are counted before validation). */
const urlOf = (pattern: string) => pattern.replace(/:[^/]+|\*/g, 'x');

describe('rate limits', () => {
  let api: BuiltTestApi;
  beforeAll(async () => {
    api = await buildTestApi({ rateLimits: { auth: ONE, write: ONE, notFound: ONE, field: ONE } });
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  let client = 0;
  /** Status codes of `count` requests from one client address of their own. */
  async function statuses(method: HTTPMethods, url: string, count: number): Promise<number[]> {
    client += 1;
    const remoteAddress = `198.51.${Math.floor(client / 250)}.${(client % 250) + 1}`;
    const answers: number[] = [];
    for (let attempt = 0; attempt < count; attempt += 1)
      answers.push(
        (
          await api.app.inject({
            method,
            url,
            remoteAddress,
            payload: method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? undefined : {},
          })
        ).statusCode,
      );
    return answers;
  }

  const routes = () =>
    api.routes.flatMap((route) =>
      [route.method]
        .flat()
        .map((method) => ({ method: method as HTTPMethods, url: route.url, key: `${method} ${route.url}` })),
    );

  it('are on every route of the route table that is not on the commented list', async () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(40);
    const unlimited: string[] = [];
    for (const { method, url, key } of all) {
      // Fastify answers HEAD with the GET route's handler and config.
      const listed = (method === 'HEAD' ? `GET ${url}` : key) in NOT_LIMITED;
      const answers = await statuses(method, urlOf(url), 3);
      if (!answers.includes(429) && !listed) unlimited.push(`${key} (${answers.join(', ')})`);
      if (listed && answers.includes(429))
        throw new Error(`${key} is on the list of routes not limited but was limited`);
    }
    expect(unlimited).toEqual([]);
    // Three requests on each of some 70 routes: longer than jest's default 5 s on a loaded machine.
  }, 60_000);

  it('lists only routes that exist', () => {
    const keys = new Set(routes().map((route) => route.key));
    expect(Object.keys(NOT_LIMITED).filter((key) => !keys.has(key))).toEqual([]);
  });

  it.each([
    ['GET', '/api/no-such-thing'],
    ['OPTIONS', '/api/no-such-thing'],
    ['OPTIONS', '/api/orders'],
    ['HEAD', '/api/no-such-thing'],
    ['DELETE', '/api/styles'],
    ['PROPFIND', '/api/no-such-thing'],
  ] as [HTTPMethods, string][])(
    'applies to %s %s, a path or method the API does not serve',
    async (method, url) => {
      expect(await statuses(method, url, 3)).toEqual([404, 429, 429]);
    },
  );

  it('applies to the token checks of my orders', async () => {
    expect(await statuses('GET', '/api/orders', 2)).toEqual([401, 429]);
    expect(await statuses('GET', '/api/orders/AT7K2M9Q4X1B8C3D5E', 2)).toEqual([401, 429]);
  });
});
