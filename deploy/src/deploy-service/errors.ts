/**
 * The deploy service's refusals: `{ error: { code, message, details? } }` like the API's, with the
 * status that says whose mistake it is. A client's mistake is always a 4xx naming what is wrong;
 * only the service's own faults are 500s.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type * as z from 'zod';
import type { ApiErrorCode } from '@arttoy/shared/contracts/api';
import { isLedgerError, type LedgerError } from '../ledger';

/** `error.code`: the class of the refusal, as in the API (API_ERROR_CODES); `reason` says which. */
const CODE_BY_STATUS: Record<number, ApiErrorCode> = {
  400: 'invalid_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'invalid_request',
  503: 'unavailable',
};

export class Refusal extends Error {
  override name = 'Refusal';
  readonly code: ApiErrorCode;

  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 422,
    /** The service's own word for it: `not_uploaded`, `wrong_team`, `lost_race`, … */
    readonly reason: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.code = CODE_BY_STATUS[statusCode] ?? 'invalid_request';
  }
}

export interface RefusalBody {
  error: { code: ApiErrorCode; reason?: string; message: string; details?: Record<string, unknown> };
}

/** Parses a request part with its zod schema, or refuses with every wrong field named. */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown, part: string): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => {
    const field = [part, ...issue.path.map(String)].join('.');
    return `${field}: ${issue.message}`;
  });
  throw new Refusal(400, 'validation_failed', `Invalid request. ${issues.join('; ')}.`, { issues });
}

/** Every error of the service's routes in the one shape; fastify's own 4xx (bad JSON, too large) keep their status. */
export function registerRefusals(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Refusal | LedgerError, request, reply) => {
    let body: RefusalBody;
    let status: number;
    if (error instanceof Refusal || (isLedgerError(error) && error.statusCode < 500)) {
      status = error.statusCode;
      body = {
        error: {
          code: error.code,
          reason: error.reason,
          message: error.message,
          ...(error.details && Object.keys(error.details).length > 0 ? { details: error.details } : {}),
        },
      };
    } else if (isLedgerError(error) && error.statusCode === 503) {
      status = 503;
      body = { error: { code: error.code, reason: error.reason, message: error.message } };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { error: { code: CODE_BY_STATUS[status] ?? 'invalid_request', message: error.message } };
    } else {
      request.log.error({ err: error }, 'deploy service request failed');
      status = 500;
      body = { error: { code: 'internal', message: `The deploy service failed (request ${request.id}).` } };
    }
    if (status < 500) request.log.info({ code: body.error.code, message: body.error.message }, 'refused');
    return reply.status(status).header('cache-control', 'no-store').send(body);
  });
}

/** Unknown paths answer in the same shape (set on the service's own root). */
export function registerNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .header('cache-control', 'no-store')
      .send({
        error: {
          code: 'not_found',
          message: `No route ${request.method} ${request.url.split('?')[0]}. The routes are listed in docs/architecture/deploys.md.`,
        },
      } satisfies RefusalBody),
  );
}
