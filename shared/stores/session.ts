import { authStore } from './auth-store';
import { paymentStore } from './payment-store';

/** localStorage key the original site kept the signed-in user id under (spec §3). */
export const USER_ID_STORAGE_KEY = 'user_id';

/**
 * localStorage key of the signed-in visitor's last answers of the reads a return visit paints at
 * once (the locker, the orders: `@arttoy/shared/query`'s persisted reads). Sign-out removes it.
 */
export const USER_READS_STORAGE_KEY = 'user_reads';

/**
 * Ends the visitor's session in every store: the stored `user_id` becomes empty, the visitor's
 * stored answers go and the user id is cleared from state (spec §4). The identity provider's own sign-out runs before this.
 */
export function clearSession(): void {
  localStorage.setItem(USER_ID_STORAGE_KEY, '');
  localStorage.removeItem(USER_READS_STORAGE_KEY);
  paymentStore.getState().clearUserid();
  authStore.getState().setUser(null);
}
