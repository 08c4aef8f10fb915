/** The signed-in buyer's side of the API: seeds, orders, payments, draws. Every call sends the ID token. */
import { idToken } from '@arttoy/shared/auth';
import {
  captureResultSchema,
  type CaptureResult,
  type DrawProof,
  drawProofSchema,
  fairnessStateSchema,
  IDEMPOTENCY_KEY_HEADER,
  lockerListSchema,
  orderSchema,
  type PublicDrawProof,
  publicDrawProofSchema,
  savedPaymentMethodListSchema,
  seedRotationSchema,
  startPaymentResultSchema,
  type PaymentProvider,
} from '@arttoy/shared/contracts/api';
import { apiJson, HttpError } from '@arttoy/shared/http';
import { userRead, type PageRead } from '@arttoy/shared/query';

/** The ID token, or a 401 in plain words when the session has ended. */
async function token(): Promise<string> {
  const value = await idToken();
  if (!value)
    throw new HttpError('Your session has ended. Sign in again to continue.', 401, '', 'unauthenticated');
  return value;
}

export const fairnessRead = (uid: string) =>
  userRead(uid, '/me/fairness', async (signal) =>
    apiJson('/me/fairness', fairnessStateSchema, { token: await token(), signal }),
  );

/** What the buyer owns: a box page reveals the secret figures they have pulled. */
export const lockerRead = (uid: string) =>
  userRead(uid, '/locker', async (signal) =>
    apiJson('/locker', lockerListSchema, { token: await token(), signal }),
  );

export const rotateServerSeed = async () =>
  apiJson('/me/server-seed/rotate', seedRotationSchema, { method: 'POST', token: await token() });

export const getDraw = async (id: number, signal?: AbortSignal) =>
  apiJson(`/draws/${id}`, drawProofSchema, { token: await token(), signal });

/**
 * A draw to check: the visitor's own (its seed can be revealed from here) when signed in and theirs,
 * else its public proof, which anyone may load (the live room links every pull to it).
 */
async function loadDrawToCheck(id: number, signedIn: boolean, signal?: AbortSignal): Promise<DrawToCheck> {
  if (signedIn) {
    try {
      const own = await getDraw(id, signal);
      return { proof: own, own };
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    }
  }
  return { proof: await apiJson(`/draws/${id}/proof`, publicDrawProofSchema, { signal }), own: null };
}

export interface DrawToCheck {
  proof: PublicDrawProof;
  own: DrawProof | null;
}

/**
 * A draw to check, for the signed-in visitor `uid` (null: signed out). Read again on every visit:
 * its server seed appears once revealed.
 */
export function drawToCheckRead(id: number, uid: string | null): PageRead<DrawToCheck> {
  const key = `/draws/${id},/draws/${id}/proof`;
  if (uid === null) return { key, load: (signal) => loadDrawToCheck(id, false, signal), freshness: 'live' };
  return userRead(uid, key, (signal) => loadDrawToCheck(id, true, signal));
}

/** Creates an order holding one box. `key` is one attempt's idempotency key: the same on every retry. */
export const createOrder = async (input: { boxModelId: number; clientSeed?: string; key: string }) =>
  apiJson('/orders', orderSchema, {
    method: 'POST',
    // No seed given: the server draws with the one on record.
    body: {
      boxModelId: input.boxModelId,
      quantity: 1,
      ...(input.clientSeed === undefined ? {} : { clientSeed: input.clientSeed }),
    },
    headers: { [IDEMPOTENCY_KEY_HEADER]: input.key },
    token: await token(),
  });

export const orderRead = (uid: string, orderSn: string) => {
  const path = `/orders/${encodeURIComponent(orderSn)}`;
  return userRead(uid, path, async (signal) => apiJson(path, orderSchema, { token: await token(), signal }));
};

export const cancelOrder = async (orderSn: string) =>
  apiJson(`/orders/${encodeURIComponent(orderSn)}/cancel`, orderSchema, {
    method: 'POST',
    token: await token(),
  });

export const startPayment = async (
  orderSn: string,
  body: { provider: PaymentProvider; saveMethod?: boolean; vaultToken?: string },
) =>
  apiJson(`/orders/${encodeURIComponent(orderSn)}/payments`, startPaymentResultSchema, {
    method: 'POST',
    body,
    token: await token(),
  });

const capturePayment = async (providerToken: string) =>
  apiJson('/payments/capture', captureResultSchema, {
    method: 'POST',
    body: { token: providerToken },
    token: await token(),
  });

/**
 * The capture of a payment the buyer approved at the provider (`providerToken`), read as its
 * answer: capturing is idempotent, so a reload or a retry shows the same figure. Not 'live': the
 * tab coming back into view captures nothing again. Never aborted: the capture is under way at the server.
 */
export const captureRead = (uid: string, providerToken: string): PageRead<CaptureResult> => ({
  key: `/payments/capture?token=${encodeURIComponent(providerToken)}`,
  load: () => capturePayment(providerToken),
  user: uid,
});

export const paymentMethodsRead = (uid: string) =>
  userRead(uid, '/me/payment-methods', async (signal) =>
    apiJson('/me/payment-methods', savedPaymentMethodListSchema, { token: await token(), signal }),
  );
