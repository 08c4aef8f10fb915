/**
 * How many unpaid orders one account may hold at once. An unpaid order holds a box for its time
 * (reservation.ts), so without a cap one account could hold a box's whole stock in seconds and
 * renew the holds forever. The caps are counted by arttoy_reserve_box (migration 0008)
 * under a lock on the buyer's row, inside the statement that inserts the order, so they hold for
 * orders placed at the same moment. Orders count while they hold their box: awaiting payment within
 * their time plus the grace, or with a capture under way.
 */
import { ORDER_RESERVATION_MINUTES } from '@arttoy/shared/contracts/api';
import { type ApiError, apiError } from '../../errors';

export interface UnpaidOrderLimits {
  /** Unpaid orders one account may hold for one box model. */
  perBox: number;
  /** Unpaid orders one account may hold over all boxes. */
  perAccount: number;
}

export const DEFAULT_UNPAID_ORDER_LIMITS: UnpaidOrderLimits = { perBox: 3, perAccount: 10 };

/** The caps from the `unpaidOrderLimits` option over the defaults; a value it cannot use stops the start. */
export function resolveUnpaidOrderLimits(option: Partial<UnpaidOrderLimits> | undefined): UnpaidOrderLimits {
  const limits = { ...DEFAULT_UNPAID_ORDER_LIMITS, ...option };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1 || value > 1_000) {
      throw new Error(
        `The unpaidOrderLimits option's ${name} must be a whole number from 1 to 1000; got ${value}.`,
      );
    }
  }
  if (limits.perBox > limits.perAccount) {
    throw new Error(
      `The unpaidOrderLimits option's perBox (${limits.perBox}) must not be above its perAccount (${limits.perAccount}): an account's orders for one box count towards both.`,
    );
  }
  return limits;
}

/** The reservation's refusals for a buyer over a cap, as the buyer's 409. */
export function overUnpaidLimit(
  refused: 'unpaid_per_box' | 'unpaid_per_user',
  limits: UnpaidOrderLimits,
  box: { id: number; name: string },
  unpaid: number,
): ApiError {
  return apiError('unpaid_order_limit', {
    scope: refused === 'unpaid_per_box' ? 'box' : 'account',
    limit: refused === 'unpaid_per_box' ? limits.perBox : limits.perAccount,
    unpaidOrders: unpaid,
    boxModelId: box.id,
    boxName: box.name,
    reservationMinutes: ORDER_RESERVATION_MINUTES,
  });
}
