import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../test/helper';

describe('GET /api/openapi.json', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi();
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('documents every route from its zod schemas, under the mount prefix', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).toSorted()).toEqual([
      '/api/box-models',
      '/api/box-models/{id}',
      '/api/content/assets/{name}',
      '/api/content/document',
      '/api/content/documents',
      '/api/content/preview',
      '/api/draws',
      '/api/draws/{id}',
      '/api/figures',
      '/api/figures/{slug}',
      '/api/figures/{slug}/art.svg',
      '/api/health',
      '/api/locker',
      '/api/locker/ship-requests',
      '/api/locker/ship-requests/{id}',
      '/api/locker/{id}',
      '/api/me',
      '/api/me/client-seed',
      '/api/me/fairness',
      '/api/me/payment-methods',
      '/api/me/server-seed/rotate',
      '/api/orders',
      '/api/orders/{orderSn}',
      '/api/orders/{orderSn}/cancel',
      '/api/orders/{orderSn}/payments',
      '/api/payments/capture',
      '/api/payments/providers',
      '/api/payments/sandbox/checkout',
      '/api/payments/webhook/{provider}',
      '/api/search.json',
      '/api/series',
      '/api/series/{slug}',
      '/api/styles',
      '/api/styles/{slug}',
    ]);
    const listFigures = document.paths['/api/figures'].get;
    expect(listFigures.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'style', 'series', 'rarity', 'q', 'sort']),
    );
    expect(listFigures.responses['200'].content['application/json'].schema.properties.items.type).toBe('array');
    expect(listFigures.responses['400'].content['application/json'].schema.properties.error).toBeDefined();
    expect(document.paths['/api/me'].get.security).toEqual([{ bearerAuth: [] }]);
  });
});
