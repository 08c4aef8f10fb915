import { useState } from 'react';
import type { LockerItem, ShipRequest } from '@arttoy/shared/contracts/api';
import { Button } from '@arttoy/shared/ui';
import { cancelShipOut } from '../api/locker';
import { formatDate, REQUEST_STATUS } from './labels';

/** The visitor's ship-outs, newest first; one still waiting can be cancelled (its figures go back to the locker). */
export function ShipRequests({ requests, items, onChanged }: { requests: readonly ShipRequest[]; items: readonly LockerItem[]; onChanged: () => void }) {
  const [state, setState] = useState<{ busy: number | null; error: string | null }>({ busy: null, error: null });
  if (requests.length === 0) return null;
  const names = new Map(items.map((item) => [item.id, item.figure.name]));
  const cancel = async (id: number) => {
    setState({ busy: id, error: null });
    try {
      await cancelShipOut(id);
      setState({ busy: null, error: null });
      onChanged();
    } catch (error) {
      setState({ busy: null, error: error instanceof Error ? error.message : String(error) });
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
              <strong>{REQUEST_STATUS[request.status]}</strong> · {formatDate(request.createdAt)} · to {request.address.name}, {request.address.city} ({request.address.country})
            </p>
            <p className="locker-muted">{request.itemIds.map((itemId) => names.get(itemId) ?? `Item ${itemId}`).join(', ')}</p>
            {request.status === 'requested' ? (
              <Button variant="secondary" onClick={() => void cancel(request.id)} disabled={state.busy !== null}>
                {state.busy === request.id ? 'Cancelling…' : 'Cancel this request'}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
