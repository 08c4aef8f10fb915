import { ORDER_STATUSES } from '@arttoy/shared/contracts/api';
import { canMoveOrder, ORDER_TRANSITIONS } from './order-status';

describe('the order status machine', () => {
  it('goes pending_payment → paid → fulfilled, or ends expired, cancelled or refunded', () => {
    expect(canMoveOrder('pending_payment', 'paid')).toBe(true);
    expect(canMoveOrder('paid', 'fulfilled')).toBe(true);
    expect(canMoveOrder('pending_payment', 'expired')).toBe(true);
    expect(canMoveOrder('pending_payment', 'cancelled')).toBe(true);
    expect(canMoveOrder('paid', 'refunded')).toBe(true);
    expect(canMoveOrder('fulfilled', 'refunded')).toBe(true);
  });

  it('never goes back, skips payment, or leaves a final state', () => {
    expect(canMoveOrder('paid', 'pending_payment')).toBe(false);
    expect(canMoveOrder('pending_payment', 'fulfilled')).toBe(false);
    expect(canMoveOrder('expired', 'paid')).toBe(false);
    for (const final of ['expired', 'cancelled', 'refunded'] as const)
      expect(ORDER_TRANSITIONS[final]).toEqual([]);
  });

  it('covers every status', () => {
    expect(Object.keys(ORDER_TRANSITIONS).toSorted()).toEqual([...ORDER_STATUSES].toSorted());
  });
});
