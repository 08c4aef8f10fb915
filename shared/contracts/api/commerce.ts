/** Orders and payments: the states the server stores (the flows come with the mystery box issue). */

/** pending_payment → paid → fulfilled; or pending_payment → expired | cancelled; paid | fulfilled → refunded. */
export const ORDER_STATUSES = ['pending_payment', 'paid', 'fulfilled', 'expired', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The built-in sandbox (test mode, the default) and the PayPal Orders v2 adapter. */
export const PAYMENT_PROVIDERS = ['sandbox', 'paypal'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_STATUSES = ['created', 'approved', 'captured', 'failed', 'voided', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
