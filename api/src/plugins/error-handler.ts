/**
 * One error shape for every failure under the API's prefix:
 * `{ error: { code, reason?, message, details? } }` (docs/errors.md). A client's mistake is a 4xx
 * naming the field and the reason; only our own faults are 500s.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ApiErrorCode, FieldIssue } from '@arttoy/shared/contracts/api';
import { ApiError, apiError } from '../errors';
import { DATABASE_BUSY_RETRY_AFTER_S, isDatabaseBusy } from '../db/database-busy';
import { apiSecurityHeaders, HSTS, type RateLimitPolicy } from './security';

const CODE_BY_STATUS: Record<number, ApiErrorCode> = {
  400: 'invalid_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

/** Where a request part is named in field paths: `query.page`, `path.slug`, `body.address.city`. */
const PART_NAMES: Record<string, string> = {
  querystring: 'query',
  params: 'path',
  body: 'body',
  headers: 'header',
};
const PART_LABELS: Record<string, string> = {
  query: 'query parameter',
  path: 'path parameter',
  body: 'body field',
  header: 'header',
};

function validationError(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
): ApiError {
  const part = PART_NAMES[error.validationContext ?? ''] ?? error.validationContext ?? 'request';
  const issues: FieldIssue[] = error.validation.map((issue) => {
    const path = issue.instancePath.split('/').filter(Boolean).join('.');
    return { field: path ? `${part}.${path}` : part, reason: issue.message ?? 'is invalid' };
  });
  const [first] = issues;
  return apiError('validation_failed', {
    issues,
    label: PART_LABELS[part] ?? part,
    name: first?.field.slice(part.length + 1) || part,
    reason: first?.reason ?? 'is invalid',
    more: issues.length > 1 ? ` (and ${issues.length - 1} more: see details.issues)` : '',
  });
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) return validationError(error as never);
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500)
    return new ApiError(
      status,
      CODE_BY_STATUS[status] ?? 'invalid_request',
      fastifyError.message ?? 'Bad request.',
    );
  if (status === 503)
    return new ApiError(503, 'unavailable', fastifyError.message ?? 'Service unavailable; retry shortly.');
  if (isDatabaseBusy(error)) return apiError('database_busy', {});
  return apiError('internal', {});
}

/** Answers `error` in the API's shape (`{ error: { code, reason?, message, details? } }`) with its status. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const refusal = toApiError(error);
  if (refusal.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  else
    request.log.info(
      { code: refusal.code, reason: refusal.reason, message: refusal.message },
      'request refused',
    );
  const body: ApiErrorBody = {
    error: {
      code: refusal.code,
      ...(refusal.sendsReason ? { reason: refusal.reason } : {}),
      message: refusal.message,
    },
  };
  if (refusal.code === 'internal') body.error.details = { requestId: request.id };
  else if (isDatabaseBusy(error)) reply.header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_S));
  else if (refusal.details) body.error.details = refusal.details;
  return reply.status(refusal.statusCode).header('cache-control', 'no-store').send(body);
}

/** The handler, plus a catch-all route so unknown API paths answer in JSON even beside a site's own `/*` route. */
export function registerErrorHandling(
  fastify: FastifyInstance,
  notFoundLimit: RateLimitPolicy | undefined,
): void {
  fastify.setErrorHandler((error, request, reply) => sendError(request, reply, error));
  const unknownPath = (request: FastifyRequest) =>
    apiError('route_not_found', {
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      openapi: `${fastify.prefix}/openapi.json`,
    });
  // Methods no route takes (PROPFIND, …) end here: limited like the catch-all below.
  const limitUnknown = notFoundLimit ? { preHandler: fastify.rateLimit(notFoundLimit) } : {};
  fastify.setNotFoundHandler(limitUnknown, (request, reply) =>
    sendError(request, reply, unknownPath(request)),
  );
  fastify.route({
    // OPTIONS too: no route answers it (no CORS), so it is an unknown path on every URL.
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    schema: { hide: true },
    // An attacker could search for valid URLs if unknown paths were not rate limited.
    config: notFoundLimit ? { rateLimit: notFoundLimit } : {},
    handler: async (request) => {
      throw unknownPath(request);
    },
  });
}

/**
 * Fastify's `frameworkErrors` server option, for every server that mounts the API: a path that
 * cannot be decoded (a malformed percent-escape such as `/api/figures/%E0%A4%A`) or a parameter
 * over the router's length limit is refused before routing, where no error handler, hook or
 * plugin of the API runs. Without it Fastify answers in its own shape and without the API's
 * headers; with it such an answer is the API's 400 (or 414) with the API's security headers.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  for (const [name, value] of Object.entries(apiSecurityHeaders())) reply.header(name, value);
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  void sendError(request, reply, error);
}
