import type {
  Order,
  OrderKind,
  OrderStatus,
  PaymentProvider,
  PaymentStatus,
} from '@arttoy/shared/contracts/api';

/** An order's status in a buyer's words, by what the order is for: a box is drawn, a listing moves lockers, a ship-out goes to the warehouse. */
const ORDER_STATUS: Record<OrderKind, Record<OrderStatus, string>> = {
  box: {
    pending_payment: 'Awaiting payment',
    paid: 'Paid, drawing your figure',
    fulfilled: 'Paid, figure drawn',
    expired: 'Expired unpaid',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
  },
  listing: {
    pending_payment: 'Awaiting payment',
    paid: 'Paid, moving to your locker',
    fulfilled: 'Paid, in your locker',
    expired: 'Expired unpaid',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
  },
  ship_out: {
    pending_payment: 'Awaiting payment',
    paid: 'Paid, with the warehouse',
    fulfilled: 'Paid, with the warehouse',
    expired: 'Expired unpaid',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
  },
};

export const PAYMENT_PROVIDER: Record<PaymentProvider, string> = {
  sandbox: 'Sandbox (test mode)',
  paypal: 'PayPal',
};

/** A payment's status in a buyer's words. */
export const PAYMENT_STATUS: Record<PaymentStatus, string> = {
  created: 'Started, not paid',
  approved: 'Approved, not yet paid',
  captured: 'Paid',
  failed: 'Failed, not paid',
  voided: 'Cancelled, not paid',
  refunded: 'Refunded',
};

/** How an order was paid, or why it shows none. */
export function paymentMethod(payment: { provider: PaymentProvider; status: PaymentStatus } | null): string {
  if (!payment) return 'Not paid';
  return payment.status === 'captured'
    ? PAYMENT_PROVIDER[payment.provider]
    : `${PAYMENT_PROVIDER[payment.provider]}, ${PAYMENT_STATUS[payment.status].toLowerCase()}`;
}

const figures = (count: number) => `${count} figure${count === 1 ? '' : 's'}`;

/** A seller's handle as the site writes it: "@leo". */
export const atHandle = (handle: string) => (handle.startsWith('@') ? handle : `@${handle}`);

/**
 * What an order buys, as a term and its words: its box, the collector's figure and from whom, or
 * its ship-out ("Ship-out of 2 figures to London, GB").
 */
export function orderItem(order: Order): { term: string; text: string } {
  if (order.listing)
    return {
      term: 'Figure',
      text: `${order.listing.figure.name} from ${atHandle(order.listing.sellerHandle)}`,
    };
  if (order.shipOut)
    return {
      term: 'Ship-out',
      text: `Ship-out of ${figures(order.shipOut.figures)} to ${order.shipOut.city}, ${order.shipOut.country}`,
    };
  if (order.boxModel)
    return {
      term: 'Box',
      text: order.quantity === 1 ? order.boxModel.name : `${order.boxModel.name} × ${order.quantity}`,
    };
  return { term: 'For', text: 'A purchase on the site' };
}

/** An order's status in a buyer's words. */
export function orderStatus(order: Order): string {
  return ORDER_STATUS[order.kind][order.status];
}
