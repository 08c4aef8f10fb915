import { Link } from 'react-router';
import { HttpError, isApiError, visitorMessage } from '@arttoy/shared/http';

/** A refusal that a public handle would fix: the market shows sellers by handle only. */
export const needsHandle = (error: unknown) => isApiError(error, 'handle_required');

/** A refusal because a buyer's order holds the listing (paid, or unpaid and still holding). */
export const isReserved = (error: unknown) =>
  isApiError(error, 'listing_held', 'listing_reserved', 'listing_ordered_by_you');

/**
 * Why a market action was refused, as an alert: the visitor's copy of the refusal (it says what to
 * do), with the way there when a handle is missing, and said plainly when a buyer holds the listing.
 */
export function ActionProblem({ error, action }: { error: unknown; action: string }) {
  let text = visitorMessage(error);
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
