import { formatShortDate } from '@arttoy/shared/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, type LockerItem, type ShipRequest } from '@arttoy/shared/contracts/api';
import { visitorMessage } from '@arttoy/shared/http';
import { Button } from '@arttoy/shared/ui';
import { cancelShipOut } from '../api/locker';
import { REQUEST_STATUS } from './labels';

/** Cancellable until it ships; a paid one's fee is refunded in full. */
const cancellable = (request: ShipRequest) =>
  request.status === 'awaiting_payment' || request.status === 'requested';
const paid = (request: ShipRequest) => request.status === 'requested' && request.orderSn !== null;

/**
 * The visitor's ship-outs, newest first, each with its status (awaiting payment → requested →
 * shipped, or cancelled), its fee, and once shipped the carrier and tracking number; one awaiting
 * payment links to its pay page; one not shipped can be cancelled (its figures go back to the
 * locker, and a paid fee is refunded).
 */
export function ShipRequests({
  requests,
  items,
  onChanged,
}: {
  requests: readonly ShipRequest[];
  items: readonly LockerItem[];
  onChanged: () => void;
}) {
  const [state, setState] = useState<{ busy: number | null; error: string | null }>({
    busy: null,
    error: null,
  });
  if (requests.length === 0) return null;
  const names = new Map(items.map((item) => [item.id, item.figure.name]));
  const cancel = async (id: number) => {
    setState({ busy: id, error: null });
    try {
      await cancelShipOut(id);
      setState({ busy: null, error: null });
      onChanged();
    } catch (error) {
      setState({ busy: null, error: visitorMessage(error) });
    }
  };
  return (
    <section className="locker-panel" aria-labelledby="locker-requests-title">
      <h2 id="locker-requests-title">Shipping requests</h2>
      {state.error ? (
        <p className="locker-field__error" role="alert">
          The request could not be cancelled. {state.error}
        </p>
      ) : null}
      <ul className="locker-requests">
        {requests.map((request) => (
          <li key={request.id} className="locker-request">
            <p>
              <strong className={`locker-status locker-status--${request.status}`}>
                {REQUEST_STATUS[request.status]}
              </strong>{' '}
              · requested {formatShortDate(request.createdAt)}
              {request.shippedAt ? ` · shipped ${formatShortDate(request.shippedAt)}` : ''} · to{' '}
              {request.address.name}, {request.address.city} ({request.address.country})
              {request.fee ? ` · fee ${formatMoney(request.fee)}` : ''}
            </p>
            {request.trackingNumber ? (
              <p className="locker-tracking">
                {request.carrier} tracking number <code>{request.trackingNumber}</code>
              </p>
            ) : null}
            {request.status === 'shipped' && !request.trackingNumber ? (
              <p className="locker-muted">Shipped without a tracking number.</p>
            ) : null}
            <p className="locker-muted">
              {request.itemIds.map((itemId) => names.get(itemId) ?? `Item ${itemId}`).join(', ')}
            </p>
            {request.status === 'awaiting_payment' && request.orderSn ? (
              <Link
                className="ui-button ui-button--primary"
                to={`/payment/order_pay?order=${encodeURIComponent(request.orderSn)}`}
              >
                Pay
              </Link>
            ) : null}
            {cancellable(request) ? (
              <Button
                variant="secondary"
                onClick={() => void cancel(request.id)}
                disabled={state.busy !== null}
              >
                {state.busy === request.id
                  ? 'Cancelling…'
                  : paid(request)
                    ? 'Cancel and refund the fee'
                    : 'Cancel this request'}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
