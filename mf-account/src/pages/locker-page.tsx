import { useState } from 'react';
import { Link } from 'react-router';
import { signOut } from '@arttoy/shared/auth';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { signedInText, useAuthStore } from '@arttoy/shared/stores';
import { Button, Skeleton } from '@arttoy/shared/ui';
import { LockerGrid } from '../locker/locker-grid';
import { ShipOutForm } from '../locker/ship-out-form';
import { ShipRequests } from '../locker/ship-requests';
import { useLocker } from '../locker/use-locker';
import { useLockerListings } from '../locker/use-locker-listings';
import { ReadError } from '../shared/read-error';
import { SignedOutPanel } from '../shared/signed-out-panel';
import { useSignInGate } from '../shared/use-sign-in-gate';
import '../locker/locker.css';
import '../market/market.css';

/** /locker: the visitor's figures, their draw proofs, statuses and histories, ship-out of one or more, and selling each. */
export function LockerPage() {
  const { signedIn, authLoading, loginPath } = useSignInGate('/locker');
  const user = useAuthStore((state) => state.user);
  // While sign-in is unknown, the list kept from the visitor's last visit shows at once.
  const state = useLocker(signedIn || authLoading);
  const { refresh } = state;
  const listings = useLockerListings(signedIn, state.status === 'success' ? state.data.items : null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [shipping, setShipping] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  usePageHead({ title: 'Your locker' });
  const marketChanged = (text: string | null) => {
    if (text) setNotice(text);
    refresh();
    listings.refresh();
  };
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
    setNotice(null);
  };
  let body;
  if (!authLoading && !signedIn) {
    body = (
      <SignedOutPanel loginPath={loginPath} note="Your figures wait here for you.">
        Log in to see your locker
      </SignedOutPanel>
    );
  } else if (state.status === 'pending')
    body = <Skeleton variant="cards" lines={4} label="Loading your locker" />;
  else if (state.status === 'error') {
    body = <ReadError title="Your locker could not be loaded." error={state.error} onRetry={state.retry} />;
  } else if (state.data.items.length === 0) {
    body = (
      <div className="locker-panel">
        <p>Your locker is empty. Figures you get from mystery boxes wait here until you ship them home.</p>
        <Link className="ui-button ui-button--primary" to="/mysterybox">
          Find a mystery box
        </Link>
      </div>
    );
  } else {
    const chosen = state.data.items
      .filter((item) => selected.has(item.id) && item.status === 'in_locker')
      .map((item) => item.id);
    body = (
      <>
        {notice ? (
          <p className="locker-panel locker-notice" role="status">
            {notice}
          </p>
        ) : null}
        <div className="locker-toolbar">
          <p className="locker-muted">
            {chosen.length === 0 ? 'Choose figures to ship them out.' : `${chosen.length} chosen.`}
          </p>
          <Button onClick={() => setShipping(true)} disabled={chosen.length === 0 || shipping}>
            Ship out
          </Button>
        </div>
        {shipping && chosen.length > 0 ? (
          <ShipOutForm
            itemIds={chosen}
            onClose={() => setShipping(false)}
            onDone={(request, note) => {
              setShipping(false);
              setSelected(new Set());
              setNotice(
                `Ship-out requested for ${request.itemIds.length} figure${request.itemIds.length === 1 ? '' : 's'}. You can cancel it below until it ships.${note ? ` ${note}` : ''}`,
              );
              refresh();
            }}
          />
        ) : null}
        {listings.error ? (
          <ReadError
            title="The prices of your listings could not be loaded."
            error={listings.error}
            onRetry={listings.retry}
          />
        ) : null}
        <LockerGrid
          items={state.data.items}
          selected={selected}
          onToggle={toggle}
          listings={listings.byId}
          onMarketChanged={marketChanged}
        />
        <ShipRequests requests={state.data.requests} items={state.data.items} onChanged={refresh} />
      </>
    );
  }
  return (
    <article className="locker" data-route="locker" data-owner="mf_account">
      <div className="locker-head">
        <h1>Your locker</h1>
        <p className="locker-muted" data-testid="visitor">
          {user ? signedInText(user) : authLoading ? '' : 'Signed out'}
        </p>
        {signedIn ? <Link to="/profile">Your listings and balance</Link> : null}
        {signedIn ? (
          <Button variant="secondary" onClick={() => void signOut()}>
            Log out
          </Button>
        ) : null}
      </div>
      {body}
    </article>
  );
}
