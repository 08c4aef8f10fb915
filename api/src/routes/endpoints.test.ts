/**
 * The clients call the API through one table (`endpoints` of @arttoy/shared/contracts/api). Every
 * entry is a route fastify registered, with the very schema objects that route validates with: the
 * params, query, body and headers it takes and the answer of each 2xx status it declares.
 */
import type { RouteOptions } from 'fastify';
import { endpoints } from '@arttoy/shared/contracts/api';
import { buildTestApi, type BuiltTestApi, SETUP_TIMEOUT } from '../test/helper';

const PARTS = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
  ['headers', 'headers'],
] as const;

describe('the table of endpoints', () => {
  let api: BuiltTestApi;
  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0, reconcilePayments: false });
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const routeOf = (method: string, url: string): RouteOptions | undefined =>
    api.routes.find((route) => route.url === url && [route.method].flat().includes(method));

  it.each(Object.entries(endpoints))('%s is a route with its schemas', (_name, endpoint) => {
    const route = routeOf(endpoint.method, `/api${endpoint.path}`);
    expect(route).toBeDefined();
    const schema = (route?.schema ?? {}) as Record<string, unknown>;
    const declared = endpoint as Record<string, unknown>;
    // A part the table leaves out is one the route does not take either.
    for (const [part, routePart] of PARTS)
      expect({ [part]: schema[routePart] === declared[part] }).toEqual({ [part]: true });
    const answers = Object.entries((schema.response ?? {}) as Record<string, unknown>).filter(([status]) =>
      status.startsWith('2'),
    );
    expect(answers.length).toBeGreaterThan(0);
    for (const [status, answer] of answers)
      expect({ [status]: answer === endpoint.response }).toEqual({ [status]: true });
  });
});
