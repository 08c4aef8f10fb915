import { authStore } from './auth-store';
import { paymentStore } from './payment-store';

/** localStorage key the original site kept the signed-in user id under (spec §3). */
export const USER_ID_STORAGE_KEY = 'user_id';

/**
 * Ends the visitor's session in every store: the stored `user_id` becomes empty and the user id
 * is cleared from state (spec §4). The identity provider's own sign-out runs before this.
 */
export function clearSession(): void {
  localStorage.setItem(USER_ID_STORAGE_KEY, '');
  paymentStore.getState().clearUserid();
  authStore.getState().setUser(null);
}
