import Fastify, { type FastifyInstance } from 'fastify';
import { registerApiProxy, UPSTREAM_ACCEPT_ENCODING } from './api-proxy';

describe('the harness API proxy', () => {
  let upstream: FastifyInstance;
  let proxy: FastifyInstance;
  beforeAll(async () => {
    upstream = Fastify();
    upstream.get('/api/styles', async (request, reply) =>
      reply.header('cache-control', 'public, max-age=60').send({
        asked: request.url,
        host: request.headers.host,
        encodings: request.headers['accept-encoding'],
      }),
    );
    upstream.post('/api/orders', async (request, reply) =>
      reply.status(201).send({ got: request.body, auth: request.headers.authorization }),
    );
    const address = await upstream.listen({ port: 0, host: '127.0.0.1' });
    proxy = Fastify();
    await registerApiProxy(proxy, address);
  });
  afterAll(async () => {
    await proxy?.close();
    await upstream?.close();
  });

  it('forwards a GET with its query and the answer with its status and headers', async () => {
    const response = await proxy.inject({
      method: 'GET',
      url: '/api/styles?page=2',
      headers: { host: 'localhost:3101' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.json()).toEqual({
      asked: '/api/styles?page=2',
      host: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      encodings: UPSTREAM_ACCEPT_ENCODING,
    });
  });

  it('asks the API only for encodings it can decode, whatever the browser takes', async () => {
    // Chromium takes zstd; fetch does not decode it, so a zstd answer would reach the browser as
    // unreadable bytes once the proxy drops content-encoding.
    const response = await proxy.inject({
      method: 'GET',
      url: '/api/styles',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.json().encodings).toBe(UPSTREAM_ACCEPT_ENCODING);
    expect(UPSTREAM_ACCEPT_ENCODING).not.toMatch(/zstd/);
  });

  it('forwards a JSON body and the authorization header untouched', async () => {
    const response = await proxy.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: 'Bearer t' },
      payload: { boxModelId: 1 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ got: { boxModelId: 1 }, auth: 'Bearer t' });
  });

  it('answers 502 with how to start the API when nothing listens there', async () => {
    const orphan = Fastify();
    await registerApiProxy(orphan, 'http://127.0.0.1:9');
    const response = await orphan.inject({ method: 'GET', url: '/api/styles' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: { code: 'unavailable', message: expect.stringContaining('npm start -w api') },
    });
    await orphan.close();
  });
});
