/** Test-only: the shared auth store as Firebase would leave it, and a fixed ID token. */
import { clearPageReads } from '@arttoy/shared/query';
import { authStore, resetPaymentStore } from '@arttoy/shared/stores';

export function signInAs(uid: string | null): void {
  authStore.setState({
    user: uid ? { uid, displayName: null, email: null } : null,
    loading: false,
    error: null,
    disabled: false,
    disabledReason: null,
    pendingProvider: null,
  });
}

export function resetStores(): void {
  localStorage.clear();
  resetPaymentStore();
  signInAs(null);
  // The page-wide read cache lives as long as the test file: each test starts from no answers.
  clearPageReads();
}
