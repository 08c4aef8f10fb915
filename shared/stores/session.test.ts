import { authStore } from './auth-store';
import { paymentStore, resetPaymentStore } from './payment-store';
import { clearSession, USER_ID_STORAGE_KEY, USER_READS_STORAGE_KEY } from './session';

beforeEach(() => {
  localStorage.clear();
  resetPaymentStore();
  authStore.setState({ user: null, loading: true, error: null });
});

describe('clearSession', () => {
  it('empties the stored user_id, the payment user id and the signed-in user', () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, 'u-42');
    authStore.getState().setUser({ uid: 'u-42', displayName: 'Ada', email: 'ada@example.com' });
    paymentStore.getState().set({ userid: 'u-42', orderSn: 'SN-1' });

    clearSession();

    expect(localStorage.getItem('user_id')).toBe('');
    expect(authStore.getState().user).toBeNull();
    expect(authStore.getState().loading).toBe(false);
    expect(paymentStore.getState().userid).toBe('');
    // The pending order is not the session's: it stays.
    expect(paymentStore.getState().orderSn).toBe('SN-1');
  });

  it("removes the visitor's stored answers", () => {
    localStorage.setItem(USER_READS_STORAGE_KEY, JSON.stringify({ uid: 'u-42', answers: {} }));
    clearSession();
    expect(localStorage.getItem(USER_READS_STORAGE_KEY)).toBeNull();
  });

  it('writes an empty user_id even when none was stored', () => {
    clearSession();
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe('');
  });
});
