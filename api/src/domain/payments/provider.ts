/**
 * The one interface every payment provider implements, shaped after PayPal Orders v2: create a
 * provider order (→ approval URL, or paid at once with a vault token), capture it once approved
 * (idempotent per request id), refund a capture in full, and verify webhooks. Amounts are integer minor units.
 */
import type { Money, PaymentProvider } from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { ApiError } from '../../errors';

export interface CreateProviderOrderInput {
  /** Our order reference: the provider echoes it back, and the capture is checked against it. */
  reference: string;
  amount: Money;
  description: string;
  /** Absolute or origin-relative URL the buyer returns to (the provider adds `token`). */
  returnUrl: string;
  cancelUrl: string;
  /** Ask the provider to save the method on approval (a vault token comes with the capture). */
  saveMethod: boolean;
  /** Pay with a saved method: no approval step. */
  vaultToken: string | null;
  /** Sent with the call so a retry does not create a second provider order. */
  requestId: string;
  /** The database, for providers that keep their records in it (the sandbox); the caller's transaction. */
  db: Db;
}

export interface ProviderCapture {
  providerOrderId: string;
  captureId: string;
  /** The provider's own status, verbatim (PayPal: COMPLETED, PENDING, DECLINED). */
  providerStatus: string;
  /** True only when the money is ours (status COMPLETED). */
  completed: boolean;
  amount: Money;
  /** Our reference as the provider recorded it. */
  reference: string;
  /** A saved method, when the buyer asked to save it (or paid with it). */
  vault: { token: string; label: string } | null;
}

export interface ProviderOrder {
  providerOrderId: string;
  /** Where the buyer approves; null when paid at once with a vault token. */
  approvalUrl: string | null;
  providerStatus: string;
  /** Set when the provider completed the payment at creation (vault token). */
  capture: ProviderCapture | null;
}

export interface CaptureInput {
  providerOrderId: string;
  /** The payment's idempotency key: a retried capture returns the first result, never charges twice. */
  requestId: string;
  db: Db;
}

export interface RefundInput {
  /** The capture to give back (ProviderCapture.captureId). */
  captureId: string;
  /** The whole captured amount: refunds here are always in full. */
  amount: Money;
  /** A retried refund returns the first one, never refunds twice (PayPal-Request-Id). */
  requestId: string;
  db: Db;
}

export interface ProviderRefund {
  refundId: string;
  /** The provider's own status, verbatim (PayPal: COMPLETED, PENDING). */
  providerStatus: string;
}

/** A verified webhook event: which provider order it is about, and its id (replays share it). */
export interface ProviderWebhookEvent {
  eventId: string;
  eventType: string;
  /** The provider order to complete, or null for events we do not act on. */
  providerOrderId: string | null;
  payload: unknown;
}

export interface PaymentProviderAdapter {
  readonly name: PaymentProvider;
  createOrder(input: CreateProviderOrderInput): Promise<ProviderOrder>;
  capture(input: CaptureInput): Promise<ProviderCapture>;
  /** Gives a captured payment back in full (a paid order that cannot be fulfilled); idempotent per request id. */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /** Verifies a webhook's signature; throws a 400 ApiError when it is not genuine. */
  verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): Promise<ProviderWebhookEvent>;
  /**
   * Only for a provider whose records live in our database (the sandbox): what it would make, so the
   * payment service can make it in the statement that records the payment or captures it (migration
   * 0018) instead of a statement of the provider's own.
   */
  readonly inDatabase?: InDatabaseProvider;
}

/** The ids a provider in our database gives (sandbox-provider.ts); migration 0018 writes its rows. */
export interface InDatabaseProvider {
  /** The provider order (checkout) that createOrder makes for this request id, and where the buyer approves it. */
  orderFor(requestId: string): { providerOrderId: string; approvalUrl: string };
  /** A new capture id, and the vault token a capture saves when the buyer asked to save the method. */
  newCapture(): { captureId: string; vaultToken: string };
  /** The capture a completed checkout row stands for (as `capture` answers it). */
  toCapture(checkout: Record<string, unknown>): ProviderCapture;
}

/** A provider said no, in a way the buyer can act on (not approved, declined): a 409 with its words. */
export class PaymentDeclinedError extends Error {
  override name = 'PaymentDeclinedError';
  constructor(
    message: string,
    readonly providerStatus: string,
  ) {
    super(message);
  }
}

/** The provider could not be reached or answered nonsense: a 503, retry later. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

/**
 * A provider outage as the answer to the buyer (503, retry later). Its own class so reconciliation
 * tells "the provider cannot answer" (stop asking it this run) from a failure of ours with one order.
 */
export class ProviderOutageError extends ApiError {
  override name = 'ProviderOutageError';
  constructor(outage: ApiError) {
    super(outage.statusCode, outage.code, outage.message, outage.details, outage.reason, outage.sendsReason);
  }
}
