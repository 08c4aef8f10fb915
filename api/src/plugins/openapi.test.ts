import { API_ERRORS } from '@arttoy/shared/contracts/api';
import { lintOpenApi } from '../test/openapi-lint';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../test/helper';
import { operationIdFor } from './openapi';
import { tidyComponents } from './openapi-components';

type Schema = Record<string, unknown> & {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
};
interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, unknown> };
}

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method,
      path,
      operation,
    })),
  );

/** A JSON schema with its `$ref` followed into the components. */
function resolved(document: Document, schema: Schema | undefined): Schema {
  const name = schema?.$ref?.replace('#/components/schemas/', '');
  return name === undefined ? (schema ?? {}) : resolved(document, document.components.schemas[name]);
}

describe('GET /api/openapi.json', () => {
  let api: TestApi;
  let document: Document;
  beforeAll(async () => {
    // Rate limits on, as the API runs: the document then says which routes answer 429.
    api = await buildTestApi({ rateLimits: {} });
    const response = await api.app.inject({ method: 'GET', url: '/api/openapi.json' });
    if (response.statusCode !== 200)
      throw new Error(`GET /api/openapi.json answered ${response.statusCode}: ${response.body}`);
    document = response.json();
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('documents every route from its zod schemas, relative to the mount prefix', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([expect.objectContaining({ url: '/api' })]);
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/'))).toEqual([]);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/box-models',
        '/box-models/{id}',
        '/box-models/{id}/art.svg',
        '/content/assets/{name}',
        '/content/document',
        '/content/documents',
        '/content/preview',
        '/draws',
        '/draws/{id}',
        '/figures',
        '/figures/{slug}',
        '/figures/{slug}/art.svg',
        '/gallery-paths/{slug}',
        '/health',
        '/locker',
        '/locker/ship-requests',
        '/locker/ship-requests/{id}',
        '/locker/{id}',
        '/me',
        '/me/client-seed',
        '/me/fairness',
        '/me/handle',
        '/me/payment-methods',
        '/me/payment-methods/{id}',
        '/me/server-seed/rotate',
        '/orders',
        '/orders/{orderSn}',
        '/orders/{orderSn}/cancel',
        '/orders/{orderSn}/payments',
        '/payments/capture',
        '/payments/providers',
        '/payments/sandbox/checkout',
        '/payments/webhook/{provider}',
        '/search.json',
        '/series',
        '/series/{slug}',
        '/styles',
        '/styles/{slug}',
      ]),
    );
    const listFigures = document.paths['/figures']!.get!;
    expect(listFigures.parameters!.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'style', 'series', 'rarity', 'q', 'sort']),
    );
    expect(
      resolved(document, listFigures.responses['200']!.content!['application/json']!.schema).properties!
        .items!.type,
    ).toBe('array');
    expect(
      resolved(document, listFigures.responses['400']!.content!['application/json']!.schema).properties!
        .error,
    ).toBeDefined();
    expect(document.paths['/me']!.get!.security).toEqual([{ bearerAuth: [] }]);
    const handleBody = resolved(
      document,
      document.paths['/me/handle']!.put!.requestBody!.content['application/json']!.schema,
    );
    expect(handleBody.properties!.handle!.pattern).toBe('^[a-z0-9_]{3,20}$');
    expect(Object.keys(document.paths['/me/handle']!.put!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '409']),
    );
    expect(Object.keys(document.paths['/me/payment-methods/{id}']!.delete!.responses)).toEqual(
      expect.arrayContaining(['200', '404']),
    );
    const searchEntry = resolved(
      document,
      resolved(
        document,
        document.paths['/search.json']!.get!.responses['200']!.content!['application/json']!.schema,
      ).items,
    );
    expect(searchEntry.properties!.kind!.enum).toContain('box');
    expect(searchEntry.properties!.image!.type).toBe('string');
    expect(searchEntry.required).not.toContain('image');
  });

  it('passes the OpenAPI linter (Redocly recommended) with no error and no unjustified warning', async () => {
    expect(await lintOpenApi(document)).toEqual([]);
  }, 30_000);

  it("lists each route's error codes from the catalogue, under the status of each", () => {
    const codes = (key: string, status: string) => {
      const [method, path] = key.split(' ') as [string, string];
      const response = document.paths[path]?.[method.toLowerCase()]?.responses[status] as
        | { 'x-error-codes'?: string[] }
        | undefined;
      return response?.['x-error-codes'] ?? [];
    };
    expect(codes('POST /orders', '409')).toEqual(
      expect.arrayContaining(['box_sold_out', 'unpaid_order_limit']),
    );
    expect(codes('POST /listings/{id}/orders', '409')).toContain('listing_own');
    expect(codes('GET /styles/{slug}', '404')).toEqual(['style_not_found']);
    expect(codes('GET /styles/{slug}', '400')).toContain('validation_failed');
    const operations = new Set(operationsOf(document).map(({ key }) => key));
    const unknown = Object.entries(API_ERRORS).flatMap(([code, spec]) =>
      spec.routes
        .filter((route) => route !== '*' && !operations.has(route))
        .map((route) => `${code}: ${route}`),
    );
    expect(unknown).toEqual([]);
  });

  it('names every operation with a unique camelCase operationId', () => {
    const ids = operationsOf(document).map(({ operation }) => operation.operationId);
    expect(ids.every((id) => /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/figures/{slug}/art.svg']!.get!.operationId).toBe('getFiguresBySlugArtSvg');
    expect(document.paths['/orders/{orderSn}/cancel']!.post!.operationId).toBe('postOrdersByOrderSnCancel');
  });

  it('describes every response by its status, with the answers the plugins give', () => {
    const descriptions = operationsOf(document).flatMap(({ key, operation }) =>
      Object.entries(operation.responses).map(
        ([status, response]) => [`${key} ${status}`, response.description] as const,
      ),
    );
    expect(
      descriptions.filter(([, description]) => !description || description === 'Default Response'),
    ).toEqual([]);
    const order = document.paths['/orders']!.post!.responses;
    expect(order['201']!.description).toBe('Created');
    expect(order['400']!.description).toMatch(/says which field/);
    expect(order['429']!.description).toMatch(/Retry-After/);
    // Catalogue reads answer 304 from memory and are not limited per IP.
    expect(Object.keys(document.paths['/figures']!.get!.responses).toSorted()).toEqual(['200', '304', '400']);
    expect(document.paths['/figures']!.get!.responses['304']!.content).toBeUndefined();
    expect(document.paths['/content/preview']!.get!.responses['303']!.description).toBe(
      'To the redirect path',
    );
  });

  it('writes shared schemas once, as components, and references them', () => {
    const { schemas } = document.components;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining([
        'ApiError',
        'Money',
        'Order',
        'Figure',
        'SeriesSummary',
        'BoxModelSummary',
        'DrawProof',
        'SavedAddressList',
      ]),
    );
    // The address book's answers and the ship-out's share the address, by reference.
    expect(JSON.stringify(schemas.SavedAddress)).toContain('#/components/schemas/ShipOutAddress');
    const json = JSON.stringify(document.paths);
    // Every refusal in JSON has the one error body, by reference (health's and readiness's 503 are their own reports).
    const refusals = operationsOf(document).flatMap(({ key, operation }) =>
      Object.entries(operation.responses)
        .filter(
          ([status, response]) =>
            Number(status) >= 400 &&
            response.content?.['application/json'] &&
            !['GET /health', 'GET /readyz'].includes(key),
        )
        .map(
          ([status, response]) => `${key} ${status} ${response.content!['application/json']!.schema.$ref}`,
        ),
    );
    expect(refusals.length).toBeGreaterThan(100);
    expect(refusals.filter((refusal) => !refusal.endsWith(' #/components/schemas/ApiError'))).toEqual([]);
    expect(json.match(/#\/components\/schemas\/Order"/g)?.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(schemas.Order)).toContain('#/components/schemas/Money');
    expect(JSON.stringify(schemas.SeriesDetail)).toContain('#/components/schemas/Figure');
    // The error body is not also written out inline anywhere.
    expect(json).not.toContain('"unsupported_media_type"');
    // Input-only schemas take the plain name; nothing listed is unused (the linter checks that too).
    expect(schemas.CreateOrderBody).toBeDefined();
    expect(schemas.CreateOrderBodyInput).toBeUndefined();
  });

  it('says which operations need a token: those that answer 401, and no other', async () => {
    const mismatched = operationsOf(document)
      .filter(({ operation }) => (operation.security?.length ?? 0) > 0 !== '401' in operation.responses)
      .map(({ key }) => key);
    expect(mismatched).toEqual([]);
    expect(document.paths['/styles']!.get!.security).toEqual([]);
    // Asked without a token, each body-less operation answers 401 exactly when it says it needs one.
    const sample: Record<string, string> = {
      id: '1',
      slug: 'x',
      orderSn: 'AT0000000000000000',
      provider: 'sandbox',
      name: 'x.svg',
    };
    const wrong: string[] = [];
    let client = 0;
    for (const { key, method, path, operation } of operationsOf(document)) {
      if (operation.requestBody) continue;
      client += 1;
      const url = `/api${path.replace(/\{([^}]+)\}/g, (_match, name: string) => sample[name] ?? 'x')}`;
      const response = await api.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        remoteAddress: `198.51.100.${client}`,
      });
      const needsToken = (operation.security?.length ?? 0) > 0;
      if ((response.statusCode === 401) !== needsToken)
        wrong.push(
          `${key}: ${response.statusCode}, documented ${needsToken ? 'with' : 'without'} bearerAuth`,
        );
    }
    expect(client).toBeGreaterThan(25);
    expect(wrong).toEqual([]);
  });

  it('groups operations under tags the document describes', () => {
    const described = new Set(document.tags.filter((tag) => tag.description).map((tag) => tag.name));
    const used = new Set(
      operationsOf(document).flatMap(({ operation }) => (operation as { tags?: string[] }).tags ?? []),
    );
    expect([...used].filter((tag) => !described.has(tag))).toEqual([]);
  });

  describe('the API reference page outside production', () => {
    it('answers at /api/docs/ with Swagger UI, every asset from this origin, under its own CSP', async () => {
      const page = await api.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/https?:|'unsafe-/);
      const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
      expect(assets.length).toBeGreaterThanOrEqual(4);
      for (const asset of assets) {
        expect(asset).not.toMatch(/^(https?:)?\/\//);
        const answer = await api.app.inject({
          method: 'GET',
          url: new URL(asset, 'http://site.invalid/api/docs/').pathname,
        });
        expect(`${asset} ${answer.statusCode}`).toBe(`${asset} 200`);
      }
      // The page reads the same document.
      const json = await api.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(json.json()).toEqual(document);
    });

    it('writes the mount prefix into its links when asked without the trailing slash', async () => {
      const page = await api.app.inject({ method: 'GET', url: '/api/docs' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('src="/api/docs/static/swagger-ui-bundle.js"');
    });
  });
});

describe('the API reference page in production', () => {
  let api: TestApi;
  const saved = {
    NODE_ENV: process.env.NODE_ENV,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
  };
  beforeAll(async () => {
    process.env.NODE_ENV = 'production';
    // The API refuses to start in production with the emulator named (its tokens are unsigned).
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    try {
      api = await buildTestApi();
    } finally {
      Object.assign(process.env, saved);
    }
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('is not served, while the document still is', async () => {
    for (const url of [
      '/api/docs/',
      '/api/docs',
      '/api/docs/static/swagger-ui-bundle.js',
      '/api/docs/json',
    ]) {
      expect(`${url} ${(await api.app.inject({ method: 'GET', url })).statusCode}`).toBe(`${url} 404`);
    }
    expect((await api.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
  });
});

describe('operationIdFor', () => {
  it('joins the method and the path in camelCase, parameters as By<Name>', () => {
    expect(operationIdFor('GET', '/search.json')).toBe('getSearchJson');
    expect(operationIdFor('DELETE', '/me/payment-methods/:id')).toBe('deleteMePaymentMethodsById');
    expect(operationIdFor('POST', '/payments/webhook/:provider')).toBe('postPaymentsWebhookByProvider');
  });
});

describe('tidyComponents', () => {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  it('merges an input into its identical output, renames a lone input, and drops what nothing references', () => {
    const tidy = tidyComponents({
      paths: { '/a': { post: { body: ref('SameInput'), answer: ref('Same'), other: ref('LoneInput') } } },
      components: {
        schemas: {
          Same: { type: 'object', properties: { m: ref('Money') } },
          SameInput: { properties: { m: ref('Money') }, type: 'object' },
          Lone: { type: 'string' },
          LoneInput: { type: 'number' },
          Money: { type: 'integer' },
          Unused: { type: 'boolean' },
        },
      },
    });
    expect(tidy.paths).toEqual({
      '/a': { post: { body: ref('Same'), answer: ref('Same'), other: ref('Lone') } },
    });
    expect(tidy.components.schemas).toEqual({
      Lone: { type: 'number' },
      Money: { type: 'integer' },
      Same: { type: 'object', properties: { m: ref('Money') } },
    });
  });
});
