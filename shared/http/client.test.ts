import { HttpError, request } from './client';

type Reply = { status: number; body?: unknown } | 'network-error';

/** Answers fetch calls in order and records them. */
function serve(replies: Reply[]): jest.Mock {
  const queue = [...replies];
  const fetchMock = jest.fn(async () => {
    const reply = queue.shift() ?? { status: 200, body: {} };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

describe('the HTTP client', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once after %i', async (status) => {
    const fetchMock = serve([{ status }, { status: 200, body: { ok: true } }]);
    await expect(request('/api/thing')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries only once', async () => {
    const fetchMock = serve([{ status: 503 }, { status: 503 }, { status: 200 }]);
    await expect(request('/api/thing')).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it.each([400, 401, 403, 404, 422])('does not retry %i', async (status) => {
    const fetchMock = serve([{ status }, { status: 200 }]);
    await expect(request('/api/thing')).rejects.toBeInstanceOf(HttpError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('treats a network error as retryable', async () => {
    const fetchMock = serve(['network-error', { status: 200, body: { ok: 1 } }]);
    await expect(request('/api/thing')).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never retries %s', async (method) => {
    const fetchMock = serve([{ status: 503 }, { status: 200 }]);
    await expect(request('/api/thing', { method: method as 'POST', body: { a: 1 } })).rejects.toMatchObject({
      status: 503,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("carries the status and the server's message", async () => {
    serve([
      { status: 409, body: { error: { code: 'sold_out', message: 'This box is sold out.' } } },
      { status: 409, body: { error: { code: 'sold_out', message: 'This box is sold out.' } } },
    ]);
    const error = (await request('/api/orders').catch((caught: unknown) => caught)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(409);
    expect(error.code).toBe('sold_out');
    expect(error.message).toBe('This box is sold out.');
  });

  it('says the server was not reached when it never answered', async () => {
    serve(['network-error', 'network-error']);
    const error = (await request('/api/thing').catch((caught: unknown) => caught)) as HttpError;
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/Could not reach the server/);
  });
});
