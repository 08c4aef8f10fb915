/**
 * What the order and payment code reports as it settles something, counted by the metrics
 * (observability/metrics.ts). Told after the change has committed, once per change, at the one
 * place that makes it.
 */
export type OrderOutcome = 'created' | 'paid' | 'refused' | 'cancelled' | 'expired';
export type PaymentOutcome = 'captured' | 'refused' | 'declined';

export interface CommerceOutcomes {
  /** `count` orders moved to `outcome` (an expiry sweep moves several at once). */
  order(outcome: OrderOutcome, count?: number): void;
  payment(provider: string, outcome: PaymentOutcome): void;
}

/** When metrics are off. */
export const UNCOUNTED: CommerceOutcomes = { order: () => undefined, payment: () => undefined };
