/** Test-only: the shared auth store as Firebase leaves it. */
import { authStore } from '@arttoy/shared/stores';

export interface TestUser {
  uid: string;
  displayName: string | null;
  email: string | null;
}

/** Signed in as `user`, signed out for `null`; `loading` while Firebase has not reported yet. */
export function setAuth(user: TestUser | null, loading = false): void {
  authStore.setState({ ...authStore.getInitialState(), user, loading });
}
