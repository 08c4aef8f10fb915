import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';

describe('GET /api/healthz and /api/readyz', () => {
  let api: TestApi;
  const drain = { draining: false };
  beforeAll(async () => {
    api = await buildTestApi({ drain });
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('says alive, never cached', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'alive' });
  });

  it('is ready while the database answers and the server is not draining', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: true, draining: true },
      failed: [],
    });
  });

  it('answers 503 naming draining once the drain starts, and stays alive', async () => {
    drain.draining = true;
    try {
      const ready = await api.app.inject({ method: 'GET', url: '/api/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not ready', failed: ['draining'] });
      expect((await api.app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
    } finally {
      drain.draining = false;
    }
  });
});
