import type { Order, OrderStatus, PaymentProvider, PaymentStatus } from '@arttoy/shared/contracts/api';

export const ORDER_STATUS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid, drawing',
  fulfilled: 'Paid and drawn',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export const PAYMENT_PROVIDER: Record<PaymentProvider, string> = {
  sandbox: 'Sandbox (test mode)',
  paypal: 'PayPal',
};

export const PAYMENT_STATUS: Record<PaymentStatus, string> = {
  created: 'started',
  approved: 'approved',
  captured: 'captured',
  failed: 'failed',
  voided: 'voided',
  refunded: 'refunded',
};

/** How an order was paid, or why it shows none. */
export function paymentMethod(payment: { provider: PaymentProvider; status: PaymentStatus } | null): string {
  if (!payment) return 'Not paid';
  return payment.status === 'captured'
    ? PAYMENT_PROVIDER[payment.provider]
    : `${PAYMENT_PROVIDER[payment.provider]}, ${PAYMENT_STATUS[payment.status]}`;
}

/** What an order pays for: its box, or its ship-out ("Ship-out of 2 figures to London"). */
export function orderSubject(order: Order): string {
  if (order.shipOut)
    return `Ship-out of ${order.shipOut.figures} figure${order.shipOut.figures === 1 ? '' : 's'} to ${order.shipOut.city}`;
  return order.boxModel?.name ?? `Order ${order.orderSn}`;
}

/** An order's status in words; a paid ship-out has nothing drawn: it went to the warehouse. */
export function orderStatus(order: Order): string {
  if (order.kind === 'ship_out' && (order.status === 'fulfilled' || order.status === 'paid'))
    return 'Paid, with the warehouse';
  return ORDER_STATUS[order.status];
}
