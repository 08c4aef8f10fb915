/**
 * The order status machine. The database enforces the legal values and the timestamps each status
 * needs (CHECKs in db/schema/item-cycle.ts); this table says which moves are allowed.
 */
import type { OrderStatus } from '@arttoy/shared/contracts/api';

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['paid', 'expired', 'cancelled'],
  paid: ['fulfilled', 'refunded'],
  fulfilled: ['refunded'],
  expired: [],
  cancelled: [],
  refunded: [],
};

/** The timestamp column a status sets when an order enters it. */
export const STATUS_TIMESTAMP = {
  pending_payment: 'createdAt',
  paid: 'paidAt',
  fulfilled: 'fulfilledAt',
  expired: 'expiredAt',
  cancelled: 'cancelledAt',
  refunded: 'refundedAt',
} as const satisfies Record<OrderStatus, string>;

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}
