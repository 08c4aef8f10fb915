import { useState } from 'react';
import { Link } from 'react-router';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { useAuthStore } from '@arttoy/shared/stores';
import { Skeleton } from '@arttoy/shared/ui';
import { useAccountQuery } from '../api/account-read';
import { addressBookRead } from '../api/addresses';
import { meRead, savedMethodsRead } from '../api/profile';
import { AddressBook } from '../profile/address-book';
import { BalancePanel } from '../profile/balance-panel';
import { DataExport } from '../profile/data-export';
import { DeleteAccount } from '../profile/delete-account';
import { ChanceControlsPanel } from '../profile/chance-controls';
import { FeedVisibility } from '../profile/feed-visibility';
import { HandleForm } from '../profile/handle-form';
import { MyListings } from '../profile/my-listings';
import { SavedMethods } from '../profile/saved-methods';
import { ReadError } from '../shared/read-error';
import { SignedOutPanel } from '../shared/signed-out-panel';
import { useSignInGate } from '../shared/use-sign-in-gate';
import { AccountPage } from '../shared/account-page';
import '../locker/locker.css';
import '../orders/orders.css';
import '../profile/profile.css';
import '../market/market.css';

/** Name and e-mail as the sign-in provider gives them: shown, not edited here. */
function ProviderDetails() {
  const user = useAuthStore((state) => state.user);
  return (
    <section className="locker-panel" aria-labelledby="profile-account">
      <h2 id="profile-account">Account</h2>
      <dl className="orders-facts">
        <div>
          <dt>Name</dt>
          <dd data-testid="profile-name">{user?.displayName ?? 'Not given by your sign-in provider'}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd data-testid="profile-email">{user?.email ?? 'Not given by your sign-in provider'}</dd>
        </div>
      </dl>
      <p className="locker-muted">
        These come from the account you sign in with (Google, Apple or Facebook); change them there.
      </p>
    </section>
  );
}

/**
 * /profile: who the visitor is, the handle they choose and whether the live room shows it, their limits and breaks for mystery boxes, their listings and balance from the market, their saved payment methods and addresses, and their data: a copy to download, and the account's deletion.
 * The market's sections read on their own: one failing leaves the rest of the page.
 */
export function ProfilePage() {
  const { signedIn, authLoading, loginPath } = useSignInGate('/profile');
  // Who they are, their saved methods and addresses: the page shows once all three are read.
  const me = useAccountQuery(meRead, signedIn);
  const methods = useAccountQuery(savedMethodsRead, signedIn);
  const addresses = useAccountQuery(addressBookRead, signedIn);
  const failed = [me, methods, addresses].find((read) => read.status === 'error');
  const [deleted, setDeleted] = useState(false);
  usePageHead({ title: 'Your profile' });
  let body;
  if (deleted)
    body = (
      <p role="status" className="locker-panel">
        Your account was deleted, and you are signed out. Thank you for collecting with us.
      </p>
    );
  else if (!authLoading && !signedIn)
    body = <SignedOutPanel loginPath={loginPath}>Log in to see your profile</SignedOutPanel>;
  else if (failed?.error) {
    const retry = () => {
      for (const read of [me, methods, addresses]) if (read.status === 'error') read.retry();
    };
    body = <ReadError title="Your profile could not be loaded." error={failed.error} onRetry={retry} />;
  } else if (
    authLoading ||
    me.status !== 'success' ||
    methods.status !== 'success' ||
    addresses.status !== 'success'
  )
    body = <Skeleton lines={8} label="Loading your profile" />;
  else {
    body = (
      <>
        <ProviderDetails />
        <HandleForm current={me.data.handle} onSaved={me.replace} />
        <FeedVisibility handle={me.data.handle} />
        <ChanceControlsPanel />
        <MyListings />
        <BalancePanel />
        <SavedMethods initial={methods.data.items} />
        <AddressBook initial={addresses.data.items} />
        <DataExport />
        <DeleteAccount handle={me.data.handle} onDeleted={() => setDeleted(true)} />
      </>
    );
  }
  return (
    <AccountPage
      route="profile"
      className="locker profile"
      title="Your profile"
      aside={<Link to="/orders">Your orders</Link>}
    >
      {body}
    </AccountPage>
  );
}
