import { createStore, useStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The payment flow's state, persisted in localStorage so a return from the approval page resumes it. */
export interface PaymentFields {
  isAuthorized: boolean;
  vaultToken: string;
  currentToken: string;
  approvalUrl: string;
  orderId: string;
  orderSn: string;
  itemId: string;
  payWayChecked: string;
  userid: string;
}

export interface PaymentState extends PaymentFields {
  /** Overwrites a field only when the new value is truthy (spec §3). */
  set: (fields: Partial<PaymentFields>) => void;
  clearOrderSn: () => void;
  clearUserid: () => void;
}

export const PAYMENT_STORAGE_KEY = 'payment';

const EMPTY: PaymentFields = {
  isAuthorized: false,
  vaultToken: '',
  currentToken: '',
  approvalUrl: '',
  orderId: '',
  orderSn: '',
  itemId: '',
  payWayChecked: '',
  userid: '',
};

export const paymentStore = createStore<PaymentState>()(
  persist(
    (set) => ({
      ...EMPTY,
      set: (fields) => set(Object.fromEntries(Object.entries(fields).filter(([, value]) => Boolean(value)))),
      clearOrderSn: () => set({ orderSn: '' }),
      clearUserid: () => set({ userid: '' }),
    }),
    {
      name: PAYMENT_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ set: _set, clearOrderSn: _clearOrderSn, clearUserid: _clearUserid, ...fields }) =>
        fields,
    },
  ),
);

export function usePaymentStore<T>(selector: (state: PaymentState) => T): T {
  return useStore(paymentStore, selector);
}

/** Restores the initial state (tests and sign-out of a shared device). */
export function resetPaymentStore(): void {
  paymentStore.setState({ ...EMPTY });
}
