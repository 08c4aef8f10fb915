import { clearSession, selectIsLoggedIn, useAuthStore } from '@arttoy/shared/stores';
import { Button } from '@arttoy/shared/ui';
import { PlaceholderPage } from './placeholder-page';

/** The locker, until its feature lands: who is signed in (from the shared auth store) and a way out. */
export function LockerPage() {
  const signedIn = useAuthStore(selectIsLoggedIn);
  return (
    <PlaceholderPage title="Your locker" routeId="locker">
      {signedIn ? (
        <Button variant="secondary" onClick={clearSession}>
          Log out
        </Button>
      ) : null}
    </PlaceholderPage>
  );
}
