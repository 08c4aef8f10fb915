import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { signOut } from '@arttoy/shared/auth';
import { HttpError } from '@arttoy/shared/http';
import { selectIsLoggedIn, useAuthStore } from '@arttoy/shared/stores';
import { Button, Skeleton } from '@arttoy/shared/ui';
import { LockerGrid } from '../locker/locker-grid';
import { ShipOutForm } from '../locker/ship-out-form';
import { ShipRequests } from '../locker/ship-requests';
import { useLocker } from '../locker/use-locker';
import { RETURN_PARAM } from './return-path';
import '../locker/locker.css';

const LOGIN_PATH = `/login?${RETURN_PARAM}=${encodeURIComponent('/locker')}`;

/** /locker: the visitor's figures, their draw proofs and statuses, and ship-out of one or more. */
export function LockerPage() {
  const signedIn = useAuthStore(selectIsLoggedIn);
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  const authLoading = useAuthStore((state) => state.loading);
  const navigate = useNavigate();
  const { state, refresh } = useLocker(signedIn);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [shipping, setShipping] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Your locker · ArtToy Club';
  }, []);
  // Opened signed out: straight to /login, and back here after. Signed out while here (log out):
  // stay, and say so, rather than pull the page away.
  const arrived = useRef(false);
  useEffect(() => {
    if (authLoading) return;
    if (!arrived.current && !signedIn) void navigate(LOGIN_PATH, { replace: true });
    arrived.current = true;
  }, [authLoading, signedIn, navigate]);

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
      <div className="locker-panel">
        <p>Your figures wait here for you.</p>
        <Link className="ui-button ui-button--primary" to={LOGIN_PATH}>
          Log in to see your locker
        </Link>
      </div>
    );
  } else if (authLoading || state.status === 'loading') body = <Skeleton variant="cards" lines={4} label="Loading your locker" />;
  else if (state.status === 'error') {
    body = (
      <div className="locker-panel" role="alert">
        <p>
          <strong>Your locker could not be loaded.</strong>{' '}
          {state.error instanceof HttpError && state.error.status === 0 ? 'We could not reach the shop. Check your connection, then try again.' : state.error.message}
        </p>
        <Button variant="secondary" onClick={refresh}>
          Try again
        </Button>
      </div>
    );
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
    const chosen = state.data.items.filter((item) => selected.has(item.id) && item.status === 'in_locker').map((item) => item.id);
    body = (
      <>
        {notice ? (
          <p className="locker-panel locker-notice" role="status">
            {notice}
          </p>
        ) : null}
        <div className="locker-toolbar">
          <p className="locker-muted">{chosen.length === 0 ? 'Choose figures to ship them home.' : `${chosen.length} chosen.`}</p>
          <Button onClick={() => setShipping(true)} disabled={chosen.length === 0 || shipping}>
            Ship {chosen.length > 0 ? chosen.length : ''} home
          </Button>
        </div>
        {shipping && chosen.length > 0 ? (
          <ShipOutForm
            itemIds={chosen}
            onClose={() => setShipping(false)}
            onDone={(request) => {
              setShipping(false);
              setSelected(new Set());
              setNotice(`Shipping requested for ${request.itemIds.length} figure${request.itemIds.length === 1 ? '' : 's'}. You can cancel it below until it ships.`);
              refresh();
            }}
          />
        ) : null}
        <LockerGrid items={state.data.items} selected={selected} onToggle={toggle} />
        <ShipRequests requests={state.data.requests} items={state.data.items} onChanged={refresh} />
      </>
    );
  }
  return (
    <article className="locker" data-route="locker" data-owner="mf_account">
      <div className="locker-head">
        <h1>Your locker</h1>
        <p className="locker-muted" data-testid="visitor">
          {uid ? `Signed in as ${uid}` : authLoading ? '' : 'Signed out'}
        </p>
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
