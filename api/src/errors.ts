/**
 * The API's errors: each becomes `{ error: { code, reason?, message, details? } }` with its HTTP
 * status. Raised only from the catalogue (`@arttoy/shared/contracts/api`, errors.ts):
 * `throw apiError('box_sold_out', { boxModelId, available, boxName })`, typed so the input must match.
 */
import {
  type ApiErrorCode,
  type ApiErrorInput,
  type ApiErrorReason,
  describeError,
} from '@arttoy/shared/contracts/api';

export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly statusCode: number,
    /** The class: the answer's `error.code`. */
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** The catalogue's code; sent as `error.reason` unless the catalogue answers it by its class alone. */
    readonly reason?: ApiErrorReason,
    readonly sendsReason = false,
  ) {
    super(message);
  }
}

/** The catalogue's error `code`, filled in with `input`: its status, class, message and details. */
export function apiError<Code extends ApiErrorReason>(code: Code, input: ApiErrorInput<Code>): ApiError {
  const raised = describeError(code, input);
  return new ApiError(raised.status, raised.class, raised.message, raised.details, code, !raised.classOnly);
}
