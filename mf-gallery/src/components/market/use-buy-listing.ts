import { useRef, useState } from 'react';
import { HttpError, newIdempotencyKey } from '@arttoy/shared/http';
import { paymentStore, selectIsLoggedIn, useAuthStore } from '@arttoy/shared/stores';
import { buyListing } from '../../api/market';
import { SHELL_PATHS } from '../../paths';
import { useRemote } from '@arttoy/shared/federation/remote';

export type BuyListingState =
  | { status: 'idle' }
  | { status: 'busy'; listingId: number }
  | { status: 'error'; listingId: number; error: Error };

/**
 * Buying a collector's listing: signed out, to /login and back to this page; signed in, an order
 * with one Idempotency-Key per click, kept while that click's answer is unknown (a network error,
 * a 5xx) so the next click on the same listing is its retry and gets the same order, never a second.
 * Then on to mf-mysterybox's pay page, through the shell's navigator (another app's page).
 * `onRefused`: the API said no (sold, reserved, your own): the listings on screen are out of date.
 */
export function useBuyListing(onRefused: () => void) {
  const { navigator, location } = useRemote();
  const signedIn = useAuthStore(selectIsLoggedIn);
  const authLoading = useAuthStore((auth) => auth.loading);
  const [state, setState] = useState<BuyListingState>({ status: 'idle' });
  const attempt = useRef<{ listingId: number; key: string } | null>(null);
  const buy = async (listingId: number) => {
    if (!signedIn) {
      navigator.push(SHELL_PATHS.login(`${location.pathname}${location.search}`));
      return;
    }
    if (attempt.current?.listingId !== listingId) attempt.current = { listingId, key: newIdempotencyKey() };
    const { key } = attempt.current;
    setState({ status: 'busy', listingId });
    try {
      const order = await buyListing(listingId, key);
      attempt.current = null;
      const payment = paymentStore.getState();
      payment.set({
        orderId: String(order.id),
        orderSn: order.orderSn,
        payWayChecked: payment.payWayChecked || 'sandbox',
      });
      navigator.push(SHELL_PATHS.payOrder(order.orderSn));
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      // A refusal is final for this click; the next click is a new attempt with a new key.
      if (failure instanceof HttpError && failure.status >= 400 && failure.status < 500) {
        attempt.current = null;
        onRefused();
      }
      setState({ status: 'error', listingId, error: failure });
    }
  };
  return { state, buy, signedIn, authLoading };
}
