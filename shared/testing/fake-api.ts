/**
 * Jest only: answers the page's HTTP calls at the client boundary (globalThis.fetch) from a table
 * of `METHOD /api/path` → reply, and records every call with its headers and body.
 */
export interface Reply {
  status?: number;
  body?: unknown;
}

export type Handler = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

export interface RecordedCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

export function fakeApi(routes: Record<string, Handler | Handler[]>) {
  const calls: RecordedCall[] = [];
  const queues = new Map(
    Object.entries(routes).map(([route, handler]) => [
      route,
      Array.isArray(handler) ? [...handler] : handler,
    ]),
  );
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path: `${url.pathname}${url.search}`,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
    };
    calls.push(call);
    const entry = queues.get(`${method} ${call.path}`) ?? queues.get(`${method} ${url.pathname}`);
    let handler: Handler | undefined;
    if (Array.isArray(entry)) handler = entry.length > 1 ? entry.shift() : entry[0];
    else handler = entry;
    if (!handler)
      return json(404, { error: { code: 'not_found', message: `No fake for ${method} ${call.path}` } });
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    if (reply.status === 0) throw new TypeError('Failed to fetch');
    return json(reply.status ?? 200, reply.body ?? {});
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    calls,
    callsTo: (method: string, pathname: string) =>
      calls.filter((call) => call.method === method && call.path.split('?')[0] === pathname),
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
