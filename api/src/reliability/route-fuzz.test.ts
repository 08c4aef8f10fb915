/**
 * Every route of the OpenAPI document, fed random and hostile parameters, queries, bodies and
 * headers (fast-check): the API never answers 5xx, and every 4xx says what is wrong in the one
 * error shape. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import * as fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { signInTestUser, type TestUser } from '../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../test/helper';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  method: Method;
  path: string;
  parameters?: { name: string; in: 'path' | 'query' | 'header' }[];
}

const RUNS_PER_ROUTE = 25;

/** Strings that have broken web APIs before: traversal, injection, overflow, encoding tricks. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e309',
    'NaN',
    '99999999999999999999',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u0000',
    'null',
    '[]',
    '{}',
    'true',
    ' ',
    '🦄',
    'a'.repeat(5000),
  ),
  fc.integer().map(String),
);
const hostileJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.string({ maxLength: 12 }), hostileText),
  fc.constant({ boxModelId: -1, quantity: 1e9, provider: 'x', token: {} }),
);

interface FuzzCase {
  params: string[];
  query: [string, string][];
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string };
  auth: 'none' | 'garbage' | 'user';
  idempotencyKey: string | null;
}

function fuzzCase(paramCount: number, queryNames: string[]): fc.Arbitrary<FuzzCase> {
  return fc.record({
    params: fc.array(hostileText, { minLength: paramCount, maxLength: paramCount }),
    query: fc.array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...(queryNames.length ? queryNames : ['page'])),
          fc.string({ maxLength: 8 }),
        ),
        hostileText,
      ),
      { maxLength: 4 },
    ),
    body: fc.oneof(
      fc.constant({ kind: 'none' as const }),
      hostileJson.map((value) => ({ kind: 'json' as const, value })),
      fc.record({
        kind: fc.constant('raw' as const),
        text: fc.string({ maxLength: 60 }),
        type: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
        ),
      }),
    ),
    auth: fc.constantFrom('none' as const, 'garbage' as const, 'user' as const),
    idempotencyKey: fc.option(hostileText, { nil: null }),
  });
}

function expectClientErrorOrSuccess(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode >= 500)
    throw new Error(`${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  if (response.statusCode >= 400 && String(response.headers['content-type']).startsWith('text/html')) {
    // A page for people (the sandbox provider's checkout): its refusal is a page that says why.
    if (!/<p[^>]*>[^<]{8,}/.test(response.body))
      throw new Error(
        `${what} answered ${response.statusCode} with a page that explains nothing: ${response.body.slice(0, 300)}`,
      );
    return;
  }
  if (response.statusCode >= 400) {
    const body = response.json<{ error?: { code?: unknown; message?: unknown } }>();
    if (
      typeof body.error?.code !== 'string' ||
      typeof body.error.message !== 'string' ||
      body.error.message.length < 8
    ) {
      throw new Error(
        `${what} answered ${response.statusCode} without a clear { error: { code, message } }: ${response.body.slice(0, 300)}`,
      );
    }
  }
}

describe('every route refuses bad input with a 4xx that says why, never a 5xx', () => {
  let api: TestApi;
  let user: TestUser;
  const operations: Operation[] = [];

  beforeAll(async () => {
    api = await buildTestApi();
    user = await signInTestUser('fuzz');
    const document = (await api.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      servers: { url: string }[];
      paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
    }>();
    // Paths are relative to the server, the API's mount prefix (/api).
    const server = document.servers[0]?.url ?? '';
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods))
        operations.push({
          method: method.toUpperCase() as Method,
          path: `${server}${path}`,
          parameters: operation.parameters,
        });
    }
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('knows the routes it fuzzes', () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toEqual(
      expect.arrayContaining(['POST /api/orders', 'POST /api/payments/capture', 'GET /api/figures/{slug}']),
    );
  });

  it('holds for every route', async () => {
    let cases = 0;
    for (const operation of operations) {
      const paramNames = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
      const queryNames = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
      await fc.assert(
        fc.asyncProperty(fuzzCase(paramNames.length, queryNames), async (input) => {
          let url = operation.path;
          paramNames.forEach((name, index) => {
            url = url.replace(`{${name}}`, encodeURIComponent(input.params[index] ?? ''));
          });
          const search = new URLSearchParams(input.query).toString();
          const headers: Record<string, string> = {};
          if (input.auth === 'user') headers.authorization = `Bearer ${user.idToken}`;
          if (input.auth === 'garbage') headers.authorization = 'Bearer not.a.token';
          if (input.idempotencyKey !== null)
            headers['idempotency-key'] = input.idempotencyKey.replace(/[^\t\x20-\x7e]/g, '?');
          let payload: string | undefined;
          if (operation.method !== 'GET' && input.body.kind === 'json') {
            payload = JSON.stringify(input.body.value);
            headers['content-type'] = 'application/json';
          } else if (operation.method !== 'GET' && input.body.kind === 'raw') {
            payload = input.body.text;
            headers['content-type'] = input.body.type;
          }
          const response = await api.app.inject({
            method: operation.method,
            url: search ? `${url}?${search}` : url,
            headers,
            payload,
          });
          cases += 1;
          expectClientErrorOrSuccess(response, `${operation.method} ${url}?${search}`);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    expect(cases).toBe(operations.length * RUNS_PER_ROUTE);
  }, 300_000);

  it('refuses an oversized body with 413 and a message', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: {
        authorization: `Bearer ${user.idToken}`,
        'content-type': 'application/json',
        'idempotency-key': 'oversized-body',
      },
      payload: JSON.stringify({ boxModelId: 1, padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: expect.objectContaining({ code: 'payload_too_large', message: expect.any(String) }),
    });
  });
});
