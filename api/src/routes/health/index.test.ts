import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';

describe('GET /api/health', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi();
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('says ok with the engine in use, never cached', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'ok',
      database: { engine: api.engine, ok: true },
      uptime: expect.any(Number),
    });
  });

  it('runs on the engine DATABASE_URL names', () => {
    expect(api.engine).toBe(process.env.DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'pglite');
  });
});
