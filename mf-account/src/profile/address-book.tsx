import { Link } from 'react-router';
import { MAX_SAVED_ADDRESSES, type SavedAddress } from '@arttoy/shared/contracts/api';
import { Button } from '@arttoy/shared/ui';
import { removeAddress } from '../api/addresses';
import { addressLine } from '../locker/address-line';
import { useRemovable } from './use-removable';

/** The address book: the addresses the ship-out form offers, each with Remove. */
export function AddressBook({ initial }: { initial: readonly SavedAddress[] }) {
  const {
    items: addresses,
    busy,
    message,
    remove,
  } = useRemovable(initial, removeAddress, (entry) => `The address ${addressLine(entry.address)}`);
  return (
    <section className="locker-panel" aria-labelledby="profile-addresses">
      <h2 id="profile-addresses">Addresses</h2>
      {addresses.length === 0 ? (
        <p>
          No saved addresses. When you ship figures out from <Link to="/locker">your locker</Link>, the
          address you enter is saved here, and the next ship-out offers it.
        </p>
      ) : (
        <>
          <ul className="profile-methods" aria-label="Your saved addresses">
            {addresses.map((entry) => (
              <li key={entry.id}>
                <span>{addressLine(entry.address)}</span>
                <Button
                  variant="secondary"
                  disabled={busy !== null}
                  aria-label={`Remove ${addressLine(entry.address)}`}
                  onClick={() => void remove(entry)}
                >
                  {busy === entry.id ? 'Removing…' : 'Remove'}
                </Button>
              </li>
            ))}
          </ul>
          <p className="locker-muted">
            {addresses.length} of {MAX_SAVED_ADDRESSES} addresses. The ship-out form in{' '}
            <Link to="/locker">your locker</Link> offers them, newest first.
          </p>
        </>
      )}
      {message ? <p role={message.failed ? 'alert' : 'status'}>{message.text}</p> : null}
    </section>
  );
}
