/**
 * What each response of the OpenAPI document says: one description per status, the same for every
 * route (a route says more with a content-typed response's `description` or zod's `.describe()`),
 * and the answers the API's plugins give on a route's behalf, which routes do not list themselves.
 */
import type { FastifyContextConfig } from 'fastify';
import { API_ERRORS, type ApiErrorReason, type CataloguedError } from '@arttoy/shared/contracts/api';

/** One sentence per status the API answers. A status missing here stops the document with its route named. */
export const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: counted (a beacon gets no other answer)',
  204: 'No Content',
  303: 'See Other: the Location header says where to go next',
  304: 'Not Modified: the answer is unchanged since the ETag sent in If-None-Match',
  400: 'The request is invalid: the message says which field and why',
  401: "Sign-in required: send the user's Firebase ID token as Authorization: Bearer <token> (the message says what was wrong with the one sent)",
  403: 'Forbidden: the request is understood but not allowed (the message says why)',
  404: 'Not found: nothing by that name or id, or it is not yours',
  409: 'Conflict with the current state (sold out, already paid, a key reused…): the message says what, details.reason says it for code',
  413: 'The request body is too large',
  415: 'The request body is not of a media type this route takes',
  422: 'The request is well-formed but cannot be carried out: the message says why',
  429: 'Too many requests from this address: retry after the seconds in Retry-After',
  500: 'Internal error: the request was not carried out; retry later',
  503: 'Unavailable for now (the database, sign-in or a payment provider): retry later',
};

/** A JSON Schema `$ref` to the error body every refusal has. */
const API_ERROR = { $ref: '#/components/schemas/ApiError' };
/** A response without a body (@fastify/swagger writes no content for `type: 'null'`). */
const NO_BODY = { type: 'null' };

interface RouteFacts {
  /** The route validates a querystring, path parameters, headers or a body. */
  takesInput: boolean;
  config: FastifyContextConfig | undefined;
}

/**
 * Answers the plugins give that a route does not declare: 400 for input the route's schemas or the
 * NUL guard refuse, 429 from the per-IP limit the route runs under, and 304 from the answer cache
 * for a matching If-None-Match.
 */
export function impliedResponses(route: RouteFacts): Record<string, object> {
  const implied: Record<string, object> = {};
  if (route.takesInput) implied[400] = API_ERROR;
  const config = route.config as { rateLimit?: unknown; cachedRead?: unknown } | undefined;
  if (config?.rateLimit) implied[429] = API_ERROR;
  if (config?.cachedRead) implied[304] = NO_BODY;
  return implied;
}

/**
 * The catalogue's codes a route answers, by status (`POST /orders` → 409: box_sold_out, …): those
 * naming the route, and those any route may answer (`*`) under a status the route documents.
 */
export function errorCodesOf(route: string, documented: string[]): Record<string, ApiErrorReason[]> {
  const byStatus: Record<string, ApiErrorReason[]> = {};
  for (const [code, spec] of Object.entries(API_ERRORS) as [ApiErrorReason, CataloguedError][]) {
    const status = String(spec.status);
    if (spec.routes.includes(route) || (spec.routes.includes('*') && documented.includes(status)))
      (byStatus[status] ??= []).push(code);
  }
  return byStatus;
}

type Responses = Record<string, Record<string, unknown>>;
type Paths = Record<string, Record<string, { responses?: Responses }>>;

/**
 * Writes each operation's error codes beside its error responses (`x-error-codes`), and the error
 * response of a status only the catalogue names for it.
 */
export function listErrorCodes<Doc extends { paths?: unknown }>(document: Doc): Doc {
  for (const [path, operations] of Object.entries((document.paths ?? {}) as Paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path}`;
      const responses = (operation.responses ??= {});
      for (const [status, codes] of Object.entries(errorCodesOf(route, Object.keys(responses)))) {
        responses[status] ??= {
          description: describeStatus(status, route),
          content: { 'application/json': { schema: API_ERROR } },
        };
        responses[status]['x-error-codes'] = codes;
      }
    }
  }
  return document;
}

/** The description of a status, or an error naming the route and where to add it. */
export function describeStatus(status: string, route: string): string {
  const description = RESPONSE_DESCRIPTIONS[status];
  if (description === undefined) {
    throw new Error(
      `${route} answers ${status}, which the OpenAPI document has no description for: add one to RESPONSE_DESCRIPTIONS in api/src/plugins/openapi-responses.ts.`,
    );
  }
  return description;
}

/**
 * A response of the route schema as @fastify/swagger documents it with a description: a JSON
 * schema becomes `{ description, content: { 'application/json': { schema } } }`; a content-typed
 * response keeps its own description; a body-less one (`type: 'null'`) stays body-less.
 */
export function describedResponse(
  response: Record<string, unknown>,
  description: string,
): Record<string, unknown> {
  if (typeof response.content === 'object' && response.content !== null)
    return { ...response, description: response.description ?? description };
  if (response.type === 'null') return { ...response, description: response.description ?? description };
  return { description, content: { 'application/json': { schema: response } } };
}
