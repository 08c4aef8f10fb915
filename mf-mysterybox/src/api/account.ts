/** The signed-in buyer's side of the API: seeds, orders, payments, draws. Every call sends the ID token. */
import { idToken } from '@arttoy/shared/auth';
import {
  endpoints,
  IDEMPOTENCY_KEY_HEADER,
  MAX_PAGE_SIZE,
  type ApiEndpoint,
  type CaptureResult,
  type DrawProof,
  type PublicDrawProof,
  type PaymentProvider,
} from '@arttoy/shared/contracts/api';
import { apiPath, apiRequest, HttpError, withCallOptions, type EndpointArgs } from '@arttoy/shared/http';
import { userEndpointRead, userRead, type PageRead } from '@arttoy/shared/query';

/** The ID token, or a 401 in plain words when the session has ended. */
async function token(): Promise<string> {
  const value = await idToken();
  if (!value)
    throw new HttpError('Your session has ended. Sign in again to continue.', 401, '', 'unauthenticated');
  return value;
}

/** A call of the signed-in buyer, sending their token. */
const buyerCall = async <E extends ApiEndpoint>(endpoint: E, ...args: EndpointArgs<E>) =>
  apiRequest(endpoint, ...withCallOptions(args, { token: await token() }));

export const fairnessRead = (uid: string) => userEndpointRead(uid, token, endpoints.getFairness);

/** The buyer's rules for boxes and the boxes of their session (the reminder). */
export const chanceControlsRead = (uid: string) => userEndpointRead(uid, token, endpoints.getChanceControls);

/** What the buyer owns: a box page reveals the secret figures they have pulled. */
export const lockerRead = (uid: string) => userEndpointRead(uid, token, endpoints.listLocker);

export const rotateServerSeed = () => buyerCall(endpoints.rotateServerSeed);

export const getDraw = async (id: number | string, signal?: AbortSignal) =>
  apiRequest(endpoints.getDraw, { params: { id }, token: await token(), signal });

/**
 * A draw to check: the visitor's own (its seed can be revealed from here) when signed in and theirs,
 * by their id of it or its public id; else, by its public id, its public proof, which anyone may
 * load while its owner lets the live room show them.
 */
async function loadDrawToCheck(
  id: number | string,
  signedIn: boolean,
  signal?: AbortSignal,
): Promise<DrawToCheck> {
  if (signedIn) {
    try {
      const own = await getDraw(id, signal);
      return { proof: own, own };
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 404) || typeof id === 'number') throw error;
    }
  }
  // A draw's own id is its owner's alone: only its public id opens it to others.
  if (typeof id === 'number')
    throw new HttpError('Sign in to check this draw: it is one of your own.', 401, '', 'unauthenticated');
  return {
    proof: await apiRequest(endpoints.getDrawProof, { params: { id: String(id) }, signal }),
    own: null,
  };
}

export interface DrawToCheck {
  proof: PublicDrawProof;
  own: DrawProof | null;
}

/**
 * A draw to check, for the signed-in visitor `uid` (null: signed out). Read again on every visit:
 * its server seed appears once revealed.
 */
export function drawToCheckRead(id: number | string, uid: string | null): PageRead<DrawToCheck> {
  const params = { id: String(id) };
  const key = `${apiPath(endpoints.getDraw, { params })},${apiPath(endpoints.getDrawProof, { params })}`;
  if (uid === null) return { key, load: (signal) => loadDrawToCheck(id, false, signal), freshness: 'live' };
  return userRead(uid, key, (signal) => loadDrawToCheck(id, true, signal));
}

/** Creates an order holding one box. `key` is one attempt's idempotency key: the same on every retry. */
export const createOrder = (input: { boxModelId: number; clientSeed?: string; key: string }) =>
  buyerCall(endpoints.createOrder, {
    // No seed given: the server draws with the one on record.
    body: {
      boxModelId: input.boxModelId,
      quantity: 1,
      ...(input.clientSeed === undefined ? {} : { clientSeed: input.clientSeed }),
    },
    headers: { [IDEMPOTENCY_KEY_HEADER]: input.key },
  });

/** The buyer's newest orders, in which a box page finds the buyer's open hold on its box. */
export const recentOrdersRead = (uid: string) =>
  userEndpointRead(uid, token, endpoints.listOrders, { query: { page: 1, pageSize: MAX_PAGE_SIZE } });

export const orderRead = (uid: string, orderSn: string) =>
  userEndpointRead(uid, token, endpoints.getOrder, { params: { orderSn } });

export const cancelOrder = (orderSn: string) => buyerCall(endpoints.cancelOrder, { params: { orderSn } });

export const startPayment = (
  orderSn: string,
  body: { provider: PaymentProvider; saveMethod?: boolean; vaultToken?: string },
) => buyerCall(endpoints.startPayment, { params: { orderSn }, body });

const capturePayment = (providerToken: string) =>
  buyerCall(endpoints.capturePayment, { body: { token: providerToken } });

/**
 * The capture of a payment the buyer approved at the provider (`providerToken`), read as its
 * answer: capturing is idempotent, so a reload or a retry shows the same figure. Not 'live': the
 * tab coming back into view captures nothing again. Never aborted: the capture is under way at the server.
 */
export const captureRead = (uid: string, providerToken: string): PageRead<CaptureResult> => ({
  key: `${endpoints.capturePayment.path}?token=${encodeURIComponent(providerToken)}`,
  load: () => capturePayment(providerToken),
  user: uid,
});

export const paymentMethodsRead = (uid: string) => userEndpointRead(uid, token, endpoints.listPaymentMethods);
