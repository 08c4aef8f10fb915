import { PAYMENT_STORAGE_KEY, paymentStore, resetPaymentStore } from './payment-store';

function persisted(): Record<string, unknown> {
  const raw = localStorage.getItem(PAYMENT_STORAGE_KEY);
  if (raw === null) throw new Error(`nothing is stored under "${PAYMENT_STORAGE_KEY}"`);
  return (JSON.parse(raw) as { state: Record<string, unknown> }).state;
}

beforeEach(() => {
  localStorage.clear();
  resetPaymentStore();
});

describe('the payment store', () => {
  it('starts empty', () => {
    expect(paymentStore.getState()).toMatchObject({
      isAuthorized: false,
      vaultToken: '',
      currentToken: '',
      approvalUrl: '',
      orderId: '',
      orderSn: '',
      itemId: '',
      payWayChecked: '',
      userid: '',
    });
  });

  it('set overwrites the fields given truthy values', () => {
    paymentStore.getState().set({ orderSn: 'SN-1', orderId: 'O-1', isAuthorized: true });
    expect(paymentStore.getState()).toMatchObject({
      orderSn: 'SN-1',
      orderId: 'O-1',
      isAuthorized: true,
      itemId: '',
    });
  });

  it('set keeps the current value where the new one is falsy', () => {
    paymentStore
      .getState()
      .set({ orderSn: 'SN-1', userid: 'u-1', isAuthorized: true, approvalUrl: 'https://pay.example/ok' });
    paymentStore.getState().set({ orderSn: '', userid: 'u-2', isAuthorized: false, approvalUrl: undefined });
    expect(paymentStore.getState()).toMatchObject({
      orderSn: 'SN-1',
      userid: 'u-2',
      isAuthorized: true,
      approvalUrl: 'https://pay.example/ok',
    });
  });

  it('clearOrderSn empties only the order number', () => {
    paymentStore.getState().set({ orderSn: 'SN-1', userid: 'u-1' });
    paymentStore.getState().clearOrderSn();
    expect(paymentStore.getState()).toMatchObject({ orderSn: '', userid: 'u-1' });
  });

  it('clearUserid empties only the user id', () => {
    paymentStore.getState().set({ orderSn: 'SN-1', userid: 'u-1' });
    paymentStore.getState().clearUserid();
    expect(paymentStore.getState()).toMatchObject({ orderSn: 'SN-1', userid: '' });
  });

  it('persists its fields, not its actions, to localStorage under "payment"', () => {
    paymentStore.getState().set({ orderSn: 'SN-9', payWayChecked: 'paypal' });
    const state = persisted();
    expect(state).toMatchObject({ orderSn: 'SN-9', payWayChecked: 'paypal', userid: '' });
    expect(Object.keys(state).toSorted()).toEqual([
      'approvalUrl',
      'currentToken',
      'isAuthorized',
      'itemId',
      'orderId',
      'orderSn',
      'payWayChecked',
      'userid',
      'vaultToken',
    ]);
  });

  it('resumes from what localStorage holds (a return from the approval page)', async () => {
    localStorage.setItem(
      PAYMENT_STORAGE_KEY,
      JSON.stringify({ state: { orderSn: 'SN-RESUMED', vaultToken: 'vt' }, version: 0 }),
    );
    await paymentStore.persist.rehydrate();
    expect(paymentStore.getState()).toMatchObject({ orderSn: 'SN-RESUMED', vaultToken: 'vt', userid: '' });
    expect(typeof paymentStore.getState().set).toBe('function');
  });

  it('resetPaymentStore restores the empty state and stores it', () => {
    paymentStore.getState().set({ orderSn: 'SN-1', isAuthorized: true });
    resetPaymentStore();
    expect(paymentStore.getState()).toMatchObject({ orderSn: '', isAuthorized: false });
    expect(persisted()).toMatchObject({ orderSn: '', isAuthorized: false });
  });
});
