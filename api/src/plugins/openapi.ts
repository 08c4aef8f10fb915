/**
 * The OpenAPI document (`/api/openapi.json`), generated from the routes' zod schemas, and outside
 * production an API reference page reading it (`/api/docs/`, Swagger UI served from this package,
 * nothing from a CDN). What tools need is filled in here, once, instead of on every route: an
 * operationId from the method and path, `security: []` on routes that need no token, a
 * description on every response, the server the paths are relative to, and the shared schemas as
 * components. `openapi.test.ts` lints the result.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { registerOpenApiComponents, tidyComponents } from './openapi-components';
import { describedResponse, describeStatus, impliedResponses, listErrorCodes } from './openapi-responses';

/** What every route is grouped under, with what the reference page says of each group. */
const TAGS = [
  {
    name: 'catalogue',
    description: 'Styles, series and figures, with their art. Public, served from memory with ETags.',
  },
  {
    name: 'mystery box',
    description: 'Mystery box models: price, boxes on sale and the published odds of each figure. Public.',
  },
  {
    name: 'content',
    description: 'Blog, rules and help documents, their covers, preview mode and the site search index.',
  },
  {
    name: 'account',
    description:
      'The signed-in user: profile, handle, address book, provably fair seeds and saved payment methods.',
  },
  { name: 'locker', description: 'Figures the user owns and their ship-out requests.' },
  { name: 'orders', description: 'Orders and their payments: the sandbox provider (test mode) and PayPal.' },
  {
    name: 'draws',
    description: 'The provably fair draws that fulfilled my orders, with what re-computes each one.',
  },
  {
    name: 'market',
    description:
      "Collectors' listings, buying one, what a figure sells for, sellers' balances and payouts, and the live room's feed of pulls and sales.",
  },
  { name: 'meta', description: 'The API itself: health for load balancers.' },
  {
    name: 'field',
    description:
      "Field data: page views and errors that visitors' browsers report per app version, and their counts per version (what the canary judge reads).",
  },
];

/** Where the reference page is, under the API's prefix. */
export const API_REFERENCE_PATH = '/docs';

/**
 * The reference page's own policy (the API's is `default-src 'none'`): Swagger UI's scripts,
 * styles, fonts and images from this origin (its icons are data: URIs), requests to this origin
 * only, never framed. Swagger UI styles through the DOM (allowed) but for one inline style its
 * bundle applies, allowed by its hash rather than by 'unsafe-inline' (should a new Swagger UI change
 * it, the browser's console names the new hash; the page still works without it).
 */
const REFERENCE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'; frame-ancestors 'none'";

/** `GET /figures/:slug/art.svg` → `getFiguresBySlugArtSvg`: camelCase, stable, unique per method and path. */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':')
        ? ['by', ...segment.slice(1).split(/[^A-Za-z0-9]+/)]
        : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

type SwaggerTransform = ReturnType<typeof createJsonSchemaTransform>;

function documentRoute(prefix: string): SwaggerTransform {
  const zodTransform = createJsonSchemaTransform({});
  return (input) => {
    const result = zodTransform(input);
    const schema = (result.schema ?? {}) as Record<string, unknown>;
    if (schema.hide) return result;
    const route = input.route as RouteOptions;
    const method = [route.method].flat()[0] ?? 'GET';
    const path = input.url.startsWith(prefix) ? input.url.slice(prefix.length) : input.url;
    const name = `${method} ${input.url}`;

    const original = (input.schema ?? {}) as Record<string, unknown>;
    const declared = (schema.response ?? {}) as Record<string, Record<string, unknown>>;
    const takesInput = ['querystring', 'params', 'headers', 'body'].some(
      (part) => original[part] !== undefined,
    );
    const responses: Record<string, Record<string, unknown>> = {};
    for (const [status, response] of Object.entries({
      ...impliedResponses({ takesInput, config: route.config }),
      ...declared,
    })) {
      responses[status] = describedResponse(
        response as Record<string, unknown>,
        describeStatus(status, name),
      );
    }
    const documented = {
      ...schema,
      operationId: schema.operationId ?? operationIdFor(method, path),
      // A route that needs a token says so (`security: [{ bearerAuth: [] }]`); any other needs none.
      security: schema.security ?? [],
      response: responses,
    };
    return { url: result.url, schema: documented as typeof result.schema };
  };
}

/** Registers the document, the route serving it and, when asked, the reference page. */
export async function registerOpenApi(
  fastify: FastifyInstance,
  { reference }: { reference: boolean },
): Promise<void> {
  registerOpenApiComponents();
  const prefix = fastify.prefix;
  const components = createJsonSchemaTransformObject({ schemaRegistry: z.globalRegistry });
  await fastify.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ArtToy Club API',
        version: '0.1.0',
        description:
          'Catalogue, account and locker of the ArtToy Club marketplace. Errors are always `{ error: { code, reason?, message, details? } }`: ' +
          '`code` is the class, `reason` the exact code of a refusal; each error response lists its codes in `x-error-codes` (docs/errors.md). ' +
          'Operations marked with bearerAuth need a Firebase ID token: `Authorization: Bearer <token>`; the others need none.',
      },
      // Paths are relative to where the API is mounted on the site's origin (stripped from them).
      servers: [{ url: prefix || '/', description: "This site's API, on the site's own origin" }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' },
        },
      },
    },
    transform: documentRoute(prefix),
    transformObject: (input) =>
      listErrorCodes(tidyComponents(components(input) as Parameters<typeof tidyComponents>[0])) as ReturnType<
        typeof components
      >,
  });
  fastify.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(fastify.swagger()),
  );
  if (!reference) return;
  await fastify.register(swaggerUi, {
    routePrefix: API_REFERENCE_PATH,
    // Links on the page without a trailing slash are written from here: the mount prefix included.
    indexPrefix: prefix,
    staticCSP: REFERENCE_CSP,
    uiConfig: { deepLinking: true, displayOperationId: true, defaultModelsExpandDepth: 0 },
    theme: { title: 'ArtToy Club API reference' },
  });
}
