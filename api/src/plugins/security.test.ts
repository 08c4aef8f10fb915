import Fastify from 'fastify';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../test/helper';
import { DEFAULT_RATE_LIMITS, registerSecurity } from './security';

describe('security headers and rate limits', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi({
      rateLimits: { auth: { max: 3, timeWindow: 60_000 }, notFound: { max: 2, timeWindow: 60_000 } },
    });
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('sends helmet’s headers with a deny-all content security policy', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/styles' });
    // Exactly deny-all: no directive that lets an answer (an SVG opened as a page) load or run anything.
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Plain http here: HSTS is sent over TLS only (api/src/reliability/security-headers tests it behind a proxy).
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends the same headers on errors, unknown paths and cached answers, and leaves a route its own CSP', async () => {
    const first = await api.app.inject({ method: 'GET', url: '/api/styles' });
    const answers = [
      await api.app.inject({ method: 'GET', url: '/api/figures/no-such-figure' }),
      await api.app.inject({ method: 'GET', url: '/api/figures?page=0' }),
      await api.app.inject({
        method: 'GET',
        url: '/api/styles',
        headers: { 'if-none-match': String(first.headers.etag) },
      }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 400, 304]);
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'cross-origin-resource-policy',
      'x-frame-options',
      'referrer-policy',
    ]) {
      expect(answers.map((answer) => answer.headers[name])).toEqual(answers.map(() => first.headers[name]));
    }
    const page = await api.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout?token=unknown' });
    expect(page.headers['content-security-policy']).not.toBe(first.headers['content-security-policy']);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('limits sign-in routes per client, with a 429 in the API’s error shape', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push(
        (await api.app.inject({ method: 'GET', url: '/api/me', remoteAddress: '203.0.113.7' })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await api.app.inject({ method: 'GET', url: '/api/locker', remoteAddress: '203.0.113.7' });
    // Each route counts on its own.
    expect(limited.statusCode).toBe(401);
    const refused = await api.app.inject({ method: 'GET', url: '/api/me', remoteAddress: '203.0.113.7' });
    expect(refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: expect.stringMatching(/^Too many requests: at most 3 .*Retry in/),
      },
    });
    expect(refused.headers['retry-after']).toBeDefined();
    // Another client is not affected.
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/me', remoteAddress: '203.0.113.8' })).statusCode,
    ).toBe(401);
  });

  it('limits probing of unknown paths', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push(
        (await api.app.inject({ method: 'GET', url: `/api/guess-${attempt}`, remoteAddress: '203.0.113.9' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([404, 404, 429]);
  });

  it('does not limit catalogue reads', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await api.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.10' }))
          .statusCode,
      ).toBe(200);
    }
  });
});

describe('the write limit', () => {
  it('applies to every write route that names no policy of its own', async () => {
    const app = Fastify({ logger: false });
    await registerSecurity(app, { ...DEFAULT_RATE_LIMITS, write: { max: 2, timeWindow: 60_000 } });
    app.post('/orders', async () => ({ ok: true }));
    app.get('/orders', async () => ({ ok: true }));
    app.setErrorHandler((error: { statusCode?: number }, _request, reply) =>
      reply.status(error.statusCode ?? 500).send({}),
    );
    const post = async () => (await app.inject({ method: 'POST', url: '/orders', payload: {} })).statusCode;
    expect([await post(), await post(), await post()]).toEqual([200, 200, 429]);
    for (let attempt = 0; attempt < 4; attempt += 1)
      expect((await app.inject({ method: 'GET', url: '/orders' })).statusCode).toBe(200);
    await app.close();
  });
});
