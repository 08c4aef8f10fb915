import Fastify from 'fastify';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../test/helper';
import { registerErrorHandling } from './error-handler';
import { findNul, registerNulGuard } from './nul-guard';

describe('findNul', () => {
  it('names the first string or key holding a NUL, however deep', () => {
    expect(findNul({ q: 'moon\u0000' }, 'query')).toBe('query.q');
    expect(findNul({ address: { lines: ['ok', 'b\u0000d'] } }, 'body')).toBe('body.address.lines.1');
    expect(findNul({ 'na\u0000me': 'x' }, 'body')).toBe('body."na\\u0000me"');
    expect(findNul({ q: 'moon', page: 2, tags: ['a'], none: null }, 'query')).toBeNull();
    expect(findNul(undefined, 'body')).toBeNull();
  });

  it('walks a body nested 100 000 deep without overflowing the stack', () => {
    let body: unknown = 'end\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) body = [body];
    expect(findNul(body, 'body')).toMatch(/^body(\.0)+$/);
  });
});

describe('the NUL guard', () => {
  it('refuses a body field holding a NUL with a 400 that names it, before the route runs', async () => {
    const server = Fastify({ logger: false });
    const handled: unknown[] = [];
    registerErrorHandling(server, undefined);
    registerNulGuard(server);
    server.post('/things', (request, reply) => {
      handled.push(request.body);
      void reply.send({ ok: true });
    });
    const refused = await server.inject({
      method: 'POST',
      url: '/things',
      payload: { address: { city: 'Ox\u0000ford' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: {
        code: 'invalid_request',
        message:
          'Invalid body.address.city: contains a NUL character (\\u0000), which no field accepts. Remove it and send the request again.',
        details: {
          issues: [
            {
              field: 'body.address.city',
              reason: 'contains a NUL character (\\u0000), which no field accepts',
            },
          ],
        },
      },
    });
    expect(handled).toEqual([]);
    const accepted = await server.inject({
      method: 'POST',
      url: '/things',
      payload: { address: { city: 'Oxford' } },
    });
    expect(accepted.statusCode).toBe(200);
    await server.close();
  });

  describe('in the API, on its database', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await buildTestApi();
    }, SETUP_TIMEOUT);
    afterAll(() => api.close());

    it.each([
      ['/api/series?q=%00', 'query.q'],
      ['/api/figures?q=moon%00lit', 'query.q'],
      ['/api/series/cloud%00bakery', 'path.slug'],
    ])('GET %s is a 400 naming %s, not a 500 from the database', async (url, field) => {
      const response = await api.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details.issues[0].field).toBe(field);
    });
  });
});
