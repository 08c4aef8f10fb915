import { formatDateTime } from '@arttoy/shared/contracts';
import type { SavedPaymentMethod } from '@arttoy/shared/contracts/api';
import { Button } from '@arttoy/shared/ui';
import { removeSavedMethod } from '../api/profile';
import { PAYMENT_PROVIDER } from '../orders/format';
import { useRemovable } from './use-removable';

/** The saved payment methods, each with Remove; the list is the server's answer after each removal. */
export function SavedMethods({ initial }: { initial: readonly SavedPaymentMethod[] }) {
  const {
    items: methods,
    busy,
    message,
    remove,
  } = useRemovable(initial, removeSavedMethod, (method) => method.label);
  return (
    <section className="locker-panel" aria-labelledby="profile-methods">
      <h2 id="profile-methods">Saved payment methods</h2>
      {methods.length === 0 ? (
        <p>
          No saved payment methods. Tick “Save this method” when you pay, and your next box needs no approval
          step.
        </p>
      ) : (
        <ul className="profile-methods" aria-label="Your saved payment methods">
          {methods.map((method) => (
            <li key={method.id}>
              <span>
                <strong>{method.label}</strong>
                <span className="locker-muted">
                  {' '}
                  · {PAYMENT_PROVIDER[method.provider]} · saved {formatDateTime(method.createdAt)}
                </span>
              </span>
              <Button
                variant="secondary"
                disabled={busy !== null}
                aria-label={`Remove ${method.label}`}
                onClick={() => void remove(method)}
              >
                {busy === method.id ? 'Removing…' : 'Remove'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {message ? <p role={message.failed ? 'alert' : 'status'}>{message.text}</p> : null}
    </section>
  );
}
