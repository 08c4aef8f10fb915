import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { endpoints } from '@arttoy/shared/contracts/api';
import { apiPath, HttpError, isApiError, newIdempotencyKey } from '@arttoy/shared/http';
import { invalidatePageReads } from '@arttoy/shared/query';
import { createOrder } from '../api/account';
import { payPathOf } from './open-hold';

export type BuyState =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'error'; error: Error; soldOut: boolean };

/**
 * Creating an order: one idempotency key per attempt, kept across retries of that attempt (a retry
 * after a lost answer gets the same order back, never a second one), then on to the pay page. While
 * the buyer holds this box already, the API answers that order: Buy resumes it.
 */
export function useBuy(boxModelId: number) {
  const navigate = useNavigate();
  const [state, setState] = useState<BuyState>({ status: 'idle' });
  const key = useRef<string | null>(null);
  /** `clientSeed` undefined: the order keeps the buyer's seed on record. */
  const buy = async (clientSeed: string | undefined) => {
    key.current ??= newIdempotencyKey();
    setState({ status: 'busy' });
    try {
      const order = await createOrder({ boxModelId, clientSeed, key: key.current });
      key.current = null;
      // The order holds a box: the box's stock, on its page and in the lists, is lower, and the
      // box page shows the hold (the API answers the buyer's open hold again rather than a second one).
      invalidatePageReads('/box-models');
      invalidatePageReads('/orders');
      // One more box in the session: the reminder counts it.
      invalidatePageReads(apiPath(endpoints.getChanceControls));
      void navigate(payPathOf(order));
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      // A refusal (sold out, bad seed) is final for this attempt; the next click is a new one.
      if (failure instanceof HttpError && failure.status >= 400 && failure.status < 500) key.current = null;
      setState({
        status: 'error',
        error: failure,
        soldOut: isApiError(failure, 'box_sold_out'),
      });
    }
  };
  return { state, buy };
}
