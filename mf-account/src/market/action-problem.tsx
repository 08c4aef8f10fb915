import { Link } from 'react-router';
import { HttpError } from '@arttoy/shared/http';

/** The server's `details.reason` of a refusal, when it sent one. */
const reasonOf = (error: HttpError) =>
  error.details && typeof error.details === 'object' && 'reason' in error.details
    ? String(error.details.reason)
    : '';

/** A 409 that a public handle would fix: the market shows sellers by handle only. */
export const needsHandle = (error: unknown) =>
  error instanceof HttpError &&
  error.status === 409 &&
  (/handle/.test(reasonOf(error)) || /\bhandle\b/i.test(error.message));

/** A 409 because a buyer's order holds the listing (paid, or unpaid and still holding). */
export const isReserved = (error: unknown) =>
  error instanceof HttpError &&
  error.status === 409 &&
  (/reserved/.test(reasonOf(error)) || /\breserved\b/i.test(error.message));

/**
 * Why a market action was refused, as an alert: the server's own message (it says what to do),
 * with the way there when a handle is missing, and said plainly when a buyer holds the listing.
 */
export function ActionProblem({ error, action }: { error: unknown; action: string }) {
  let text = error instanceof Error ? error.message : String(error);
  if (error instanceof HttpError && error.status === 0)
    text = 'We could not reach the shop. Check your connection, then try again.';
  return (
    <div className="locker-field__error market-problem" role="alert">
      <p>
        <strong>{isReserved(error) ? 'Reserved by a buyer.' : `${action} did not go through.`}</strong> {text}
      </p>
      {needsHandle(error) ? <Link to="/profile">Choose your public handle on your profile</Link> : null}
    </div>
  );
}
