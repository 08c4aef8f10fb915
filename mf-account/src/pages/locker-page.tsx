import { Link } from 'react-router';
import { signOut } from '@arttoy/shared/auth';
import { selectIsLoggedIn, useAuthStore } from '@arttoy/shared/stores';
import { Button } from '@arttoy/shared/ui';
import { PlaceholderPage } from './placeholder-page';
import { RETURN_PARAM } from './return-path';

/** The locker, until its feature lands: who is signed in (from the shared auth store), a way in and a way out. */
export function LockerPage() {
  const signedIn = useAuthStore(selectIsLoggedIn);
  return (
    <PlaceholderPage title="Your locker" routeId="locker">
      {signedIn ? (
        <Button variant="secondary" onClick={() => void signOut()}>
          Log out
        </Button>
      ) : (
        <Link to={`/login?${RETURN_PARAM}=${encodeURIComponent('/locker')}`}>Log in to see your locker</Link>
      )}
    </PlaceholderPage>
  );
}
