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

/** A sentence written for a developer: it names a route of the API (`GET /api/…`, `DELETE /api/listings/3`). */
const DEVELOPER_SENTENCE = /\/api\/|\b(?:GET|POST|PUT|PATCH|DELETE) \//;

/**
 * What a visitor is shown for a failure: the catalogue's visitor copy of the refusal's code where
 * the API's message speaks to a developer, else the message itself, less any sentence that names a
 * route of the API (a not-found's hint, a refusal without visitor copy), so that no page shows the
 * API's own text of that kind, whichever code it has.
 */
export function visitorMessage(error: unknown): string {
  if (error instanceof HttpError && error.reason !== null) {
    const copy = visitorCopyOf(error.reason);
    if (copy !== null) return copy;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof HttpError) || !DEVELOPER_SENTENCE.test(message)) return message;
  const plain = message
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => !DEVELOPER_SENTENCE.test(sentence))
    .join(' ');
  return plain || 'That could not be done. Please reload the page and try again.';
}
