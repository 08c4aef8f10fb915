import Fastify, { type FastifyInstance } from 'fastify';
import { generatePath } from 'react-router';
import { API_START_TIMEOUT_MS, apiPlugin } from '@arttoy/api';
import { SITE_ROUTES, type SiteRouteDef } from '@arttoy/shared/contracts';
import { catalogueStatus, type CatalogueStatus } from './catalogue-status';
import { contentStatus } from './content-status';
import { resolveRoute } from './route-status';

describe('the status of gallery pages, from the catalogue', () => {
  let app: FastifyInstance;
  let status: CatalogueStatus;
  beforeAll(async () => {
    app = Fastify({ pluginTimeout: API_START_TIMEOUT_MS });
    // The API as the site server mounts it, on the seed catalogue in memory.
    await app.register(apiPlugin, {
      prefix: '/api',
      databaseUrl: 'memory:',
      seed: 'if-empty',
      rateLimits: false,
    });
    await app.ready();
    status = catalogueStatus(app);
  }, 60_000);
  afterAll(() => app?.close());

  const statusOf = async (path: string) => (await status.resolve(resolveRoute(path), path)).status;

  it.each([
    '/gallery/style/kawaii-pop',
    '/gallery/series/cloud-bakery',
    '/gallery/style/detail/cloud-bakery-croissant-cub',
    '/gallery/cloud-bakery',
    '/gallery/cloud-bakery-croissant-cub',
    '/gallery/style/kawaii-pop/',
  ])('serves %s, which the catalogue has, with 200', async (path) => {
    expect(await statusOf(path)).toBe(200);
  });

  it.each([
    '/gallery/style/no-such-style',
    '/gallery/series/kawaii-pop',
    '/gallery/style/detail/no-such-figure',
    '/gallery/nothing-here',
    // A secret not yet revealed: its slug names nothing anyone may see.
    '/gallery/style/detail/cloud-bakery-golden-souffle',
    '/gallery/cloud-bakery-golden-souffle',
  ])('answers %s, which names nothing in the catalogue, with 404', async (path) => {
    expect(await statusOf(path)).toBe(404);
  });

  it('leaves other routes and already-decided 404s alone, without asking the API', async () => {
    const inject = jest.spyOn(app, 'inject');
    expect(await statusOf('/gallery')).toBe(200);
    expect(await statusOf('/mysterybox')).toBe(200);
    expect(await statusOf('/gallery/style/Bad_')).toBe(404);
    expect(inject).not.toHaveBeenCalled();
    inject.mockRestore();
  });

  it('serves a box page with 200 only when the box exists', async () => {
    const [box] = (await app.inject({ method: 'GET', url: '/api/box-models' })).json<{
      items: { id: number }[];
    }>().items;
    expect(await statusOf(`/mysterybox/${box!.id}`)).toBe(200);
    expect(await statusOf('/mysterybox/99999')).toBe(404);
  });

  it('answers every route kind whose parameters the API refuses (too long, too large) or does not know with 404', async () => {
    const content = contentStatus(app);
    const routes: readonly SiteRouteDef[] = SITE_ROUTES;
    const paths = routes
      .filter((route) => route.params || route.id === 'slug')
      .flatMap((route) => {
        if (route.id === 'slug') return [`/${'a'.repeat(81)}`, '/no-such-page'];
        const fill = (value: (pattern: RegExp) => string) =>
          generatePath(
            route.path,
            Object.fromEntries(
              Object.entries(route.params ?? {}).map(([name, pattern]) => [name, value(pattern)]),
            ),
          );
        // The longest value the route table takes that the API cannot hold, and an unknown one.
        return [
          fill((pattern) => (pattern.test('a'.repeat(81)) ? 'a'.repeat(81) : '9'.repeat(18))),
          fill((pattern) => (pattern.test('no-such-thing') ? 'no-such-thing' : '99999')),
        ];
      });
    expect(paths.length).toBeGreaterThanOrEqual(14);
    const statuses: Record<string, number> = {};
    for (const path of paths) {
      const url = new URL(path, 'http://site.invalid');
      statuses[path] = (
        await status.resolve(await content.resolve(resolveRoute(path), url, undefined), path)
      ).status;
    }
    expect(statuses).toEqual(Object.fromEntries(paths.map((path) => [path, 404])));
  });

  it('leaves a page whose check failed in the API (5xx) to show its own error, and asks again next time', async () => {
    const inject = jest.spyOn(app, 'inject').mockResolvedValue({ statusCode: 503 } as never);
    expect(await statusOf('/gallery/style/pastel-dream')).toBe(200);
    expect(await statusOf('/gallery/style/pastel-dream')).toBe(200);
    expect(inject).toHaveBeenCalledTimes(2);
    inject.mockRestore();
  });

  it('remembers an answer for a minute: one read per path', async () => {
    const inject = jest.spyOn(app, 'inject');
    expect(await statusOf('/gallery/style/retro-mecha')).toBe(200);
    expect(await statusOf('/gallery/style/retro-mecha')).toBe(200);
    expect(inject).toHaveBeenCalledTimes(1);
    inject.mockRestore();
  });
});
