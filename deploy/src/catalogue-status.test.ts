import Fastify, { type FastifyInstance } from 'fastify';
import { apiPlugin } from '@arttoy/api';
import { catalogueStatus, type CatalogueStatus } from './catalogue-status';
import { resolveRoute } from './route-status';

describe('the status of gallery pages, from the catalogue', () => {
  let app: FastifyInstance;
  let status: CatalogueStatus;
  beforeAll(async () => {
    app = Fastify();
    // The API as the site server mounts it, on the seed catalogue in memory.
    await app.register(apiPlugin, { prefix: '/api', databaseUrl: 'memory:', seed: 'if-empty', rateLimits: false });
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
    '/gallery/cloud-bakery-golden-souffle',
    '/gallery/style/kawaii-pop/',
  ])('serves %s, which the catalogue has, with 200', async (path) => {
    expect(await statusOf(path)).toBe(200);
  });

  it.each(['/gallery/style/no-such-style', '/gallery/series/kawaii-pop', '/gallery/style/detail/no-such-figure', '/gallery/nothing-here'])(
    'answers %s, which names nothing in the catalogue, with 404',
    async (path) => {
      expect(await statusOf(path)).toBe(404);
    },
  );

  it('leaves other routes and already-decided 404s alone, without asking the API', async () => {
    const inject = jest.spyOn(app, 'inject');
    expect(await statusOf('/gallery')).toBe(200);
    expect(await statusOf('/mysterybox/1')).toBe(200);
    expect(await statusOf('/gallery/style/Bad_')).toBe(404);
    expect(inject).not.toHaveBeenCalled();
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
