/** The API's errors: each becomes `{ error: { code, message, details? } }` with its HTTP status. */
import type { ApiErrorCode } from '@arttoy/shared/contracts/api';

export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** 404 for a thing the caller named: says what was not found and where to look for valid names. */
export function notFound(what: string, hint: string): ApiError {
  return new ApiError(404, 'not_found', `${what} was not found. ${hint}`);
}

/** 400 for values the caller sent: `issues` name each field and why, as the request validation does. */
export function invalidRequest(message: string, details?: Record<string, unknown>): ApiError {
  return new ApiError(400, 'invalid_request', message, details);
}

export function conflict(message: string, details?: Record<string, unknown>): ApiError {
  return new ApiError(409, 'conflict', message, details);
}

export function unauthenticated(
  message: string,
  code: 'unauthenticated' | 'token_expired' = 'unauthenticated',
): ApiError {
  return new ApiError(401, code, message);
}
