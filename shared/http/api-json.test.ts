import * as z from 'zod';
import { apiJson } from './api-json';
import { HttpError } from './client';

function answer(status: number, body: unknown): jest.Mock {
  const fetchMock = jest.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const schema = z.object({ id: z.int() });

describe('apiJson', () => {
  it('calls the path under /api with the bearer token and JSON body, and returns the validated answer', async () => {
    const fetchMock = answer(201, { id: 7 });
    await expect(
      apiJson('/orders', schema, {
        method: 'POST',
        body: { boxModelId: 3 },
        token: 'tok',
        headers: { 'idempotency-key': 'k-12345678' },
      }),
    ).resolves.toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/orders');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ boxModelId: 3 }));
    const headers = new Headers(init.headers);
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.get('idempotency-key')).toBe('k-12345678');
  });

  it('sends no authorization header without a token', async () => {
    const fetchMock = answer(200, { id: 1 });
    await apiJson('/box-models/1', schema);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).has('authorization')).toBe(false);
  });

  it('refuses an answer in another shape, saying to reload', async () => {
    answer(200, { id: 'seven' });
    await expect(apiJson('/orders/1', schema)).rejects.toThrow(
      /shape this page does not know .*Reload the page/,
    );
  });

  it('passes the server error through as an HttpError', async () => {
    answer(409, { error: { code: 'conflict', message: 'This box is sold out.' } });
    await expect(apiJson('/orders', schema, { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'This box is sold out.',
    });
    await expect(apiJson('/orders', schema, { method: 'POST', body: {} })).rejects.toBeInstanceOf(HttpError);
  });
});
