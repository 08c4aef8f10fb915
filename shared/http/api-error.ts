/**
 * Branching on the API's refusals by their catalogued code, and what a visitor is shown of them.
 * The API's message speaks to a developer (it may name routes such as DELETE /api/listings/3); a
 * visitor sees the catalogue's visitor copy of the code instead, or the page's own words.
 */
import { type ApiErrorDetails, type ApiErrorReason, visitorCopyOf } from '../contracts/api/errors';
import { HttpError } from './client';

/** An HttpError whose answer named this code of the catalogue, with its details typed. */
export type ApiRefusal<Reason extends ApiErrorReason> = HttpError & {
  reason: Reason;
  details: ApiErrorDetails<Reason>;
};

/** Whether `error` is the API's refusal with this code (`isApiError(error, 'box_sold_out')`). */
export function isApiError<Reason extends ApiErrorReason>(
  error: unknown,
  ...reasons: Reason[]
): error is ApiRefusal<Reason> {
  return error instanceof HttpError && error.reason !== null && reasons.includes(error.reason as Reason);
}

/**
 * What a visitor is shown for a failure: the catalogue's visitor copy of the refusal's code where
 * the API's message speaks to a developer, else the message itself.
 */
export function visitorMessage(error: unknown): string {
  if (error instanceof HttpError && error.reason !== null) {
    const copy = visitorCopyOf(error.reason);
    if (copy !== null) return copy;
  }
  return error instanceof Error ? error.message : String(error);
}
