import { z } from 'zod';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ERRORS } from '@arttoy/shared/contracts/api';
import { ApiError, apiError } from '../errors';
import { registerErrorHandling, toApiError } from './error-handler';

async function appWith(routes: (scope: FastifyInstance) => void) {
  const app = Fastify({ logger: false });
  await app.register(
    async (scope) => {
      scope.setValidatorCompiler(validatorCompiler);
      scope.setSerializerCompiler(serializerCompiler);
      registerErrorHandling(scope, undefined);
      routes(scope);
    },
    { prefix: '/api' },
  );
  return app;
}

describe('the error shape', () => {
  it('answers 503 with Retry-After when the database cannot take the request, and 500 for other database failures', async () => {
    const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
    const app = await appWith((scope) => {
      scope.get('/full', async () => {
        throw pgError('53300', 'sorry, too many clients already');
      });
      // As drizzle throws it: the driver's error as the cause.
      scope.get('/wrapped', async () => {
        throw new Error('Failed query: select 1', {
          cause: pgError('57P03', 'the database system is starting up'),
        });
      });
      scope.get('/pool', async () => {
        throw new Error('timeout exceeded when trying to connect');
      });
      scope.get('/bug', async () => {
        throw pgError('42703', 'column "nope" does not exist');
      });
    });
    for (const url of ['/api/full', '/api/wrapped', '/api/pool']) {
      const busy = await app.inject({ url });
      expect({
        url,
        status: busy.statusCode,
        retryAfter: busy.headers['retry-after'],
        code: busy.json().error.code,
      }).toEqual({ url, status: 503, retryAfter: '1', code: 'unavailable' });
    }
    const bug = await app.inject({ url: '/api/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.headers['retry-after']).toBeUndefined();
  });

  it('maps conflicts, JSON syntax errors and our own bugs, never a 500 for a client’s mistake', async () => {
    const app = await appWith((scope) => {
      scope
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/things',
          { schema: { body: z.object({ name: z.string().min(2), address: z.object({ zip: z.string() }) }) } },
          async () => {
            throw new ApiError(409, 'conflict', 'That thing already exists.', { name: 'x' });
          },
        );
      scope.get('/boom', async () => {
        throw new TypeError('secret internals');
      });
    });
    const taken = await app.inject({
      method: 'POST',
      url: '/api/things',
      payload: { name: 'ok', address: { zip: '1' } },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: { code: 'conflict', message: 'That thing already exists.', details: { name: 'x' } },
    });

    const invalid = await app.inject({
      method: 'POST',
      url: '/api/things',
      payload: { name: 'x', address: {} },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details.issues.map((issue: { field: string }) => issue.field)).toEqual([
      'body.name',
      'body.address.zip',
    ]);
    expect(invalid.json().error.message).toMatch(
      /^Invalid body field name: .*\(and 1 more: see details\.issues\)\.$/,
    );

    const badJson = await app.inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.code).toBe('invalid_request');

    const badType = await app.inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(badType.statusCode).toBe(415);
    expect(badType.json().error.code).toBe('unsupported_media_type');

    const bug = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toEqual({
      error: {
        code: 'internal',
        message: expect.stringMatching(/our side/),
        details: { requestId: expect.any(String) },
      },
    });
    expect(bug.body).not.toMatch(/secret internals/);
    await app.close();
  });

  it('answers unknown paths and methods under the prefix with a JSON 404', async () => {
    const app = await appWith(() => undefined);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/nothing/here?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: {
          code: 'not_found',
          message: `${method} /api/nothing/here was not found. The API's routes are listed in /api/openapi.json.`,
        },
      });
    }
    await app.close();
  });

  it('answers an error of the catalogue with its status, its class as code and its own code as reason', async () => {
    const app = await appWith((scope) => {
      scope.get('/sold-out', async () => {
        throw apiError('box_sold_out', { boxName: 'Night Market Box', boxModelId: 7, available: 0 });
      });
      scope.get('/style', async () => {
        throw apiError('style_not_found', { slug: 'x', hint: 'GET /api/styles lists the styles.' });
      });
    });
    const soldOut = await app.inject({ url: '/api/sold-out' });
    expect(soldOut.statusCode).toBe(API_ERRORS.box_sold_out.status);
    expect(soldOut.json()).toEqual({
      error: {
        code: API_ERRORS.box_sold_out.class,
        reason: 'box_sold_out',
        message: expect.stringMatching(/^Night Market Box is sold out/),
        details: { reason: 'sold_out', boxModelId: 7, available: 0 },
      },
    });
    // A 404 is answered by its class alone: the body stays as it always was.
    const style = await app.inject({ url: '/api/style' });
    expect(style.statusCode).toBe(404);
    expect(style.json()).toEqual({
      error: { code: 'not_found', message: 'Style "x" was not found. GET /api/styles lists the styles.' },
    });
    await app.close();
  });

  it('keeps ApiErrors as they are and turns unknown errors into internal ones', () => {
    const error = new ApiError(409, 'conflict', 'x');
    expect(toApiError(error)).toBe(error);
    expect(toApiError(new Error('boom'))).toMatchObject({ statusCode: 500, code: 'internal' });
    expect(toApiError(Object.assign(new Error('Too big'), { statusCode: 413 }))).toMatchObject({
      statusCode: 413,
      code: 'payload_too_large',
      message: 'Too big',
    });
  });
});
