/**
 * Orders, payments and provably fair draws: the mystery box purchase flow.
 *
 * The flow: POST /api/orders (reserves one box for ORDER_RESERVATION_MINUTES) → POST
 * /api/orders/:orderSn/payments (→ approvalUrl) → the buyer approves at the provider → the provider
 * sends them to /payment/order_pay?token=… → POST /api/payments/capture { token } (the server
 * captures, checks amount, currency and order, then draws the figure into the buyer's locker, once).
 * Every route here needs `Authorization: Bearer <Firebase ID token>` unless it says otherwise, and a
 * user only ever sees their own orders and draws (another user's are 404).
 */
import * as z from 'zod';
import { figureSchema } from './catalogue';
import {
  moneySchema,
  pageQuerySchema,
  pageSchema,
  recordIdParamSchema,
  slugSchema,
  timestampSchema,
} from './common';

/** pending_payment → paid → fulfilled; or pending_payment → expired | cancelled; paid | fulfilled → refunded. */
export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'fulfilled',
  'expired',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The built-in sandbox (test mode, the default) and the PayPal Orders v2 adapter. */
export const PAYMENT_PROVIDERS = ['sandbox', 'paypal'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_STATUSES = ['created', 'approved', 'captured', 'failed', 'voided', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How long a new order holds its box before the stock goes back on sale. */
export const ORDER_RESERVATION_MINUTES = 15;

/** Where providers send the buyer back to (the page of mf-mysterybox): `?token=<provider order id>`, plus `&cancelled=1` on cancel. */
export const PAYMENT_RETURN_PATH = '/payment/order_pay';

/** The header that makes POST /api/orders safe to retry: the same key returns the same order. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** 8-100 characters of letters, digits, `-` and `_` (a UUID fits). */
export const idempotencyKeySchema = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be 8-100 letters, digits, - or _ (a UUID from crypto.randomUUID() fits)');
/** The headers of a request made safe to retry by its Idempotency-Key (an order, a listing's order). */
export const idempotentRequestHeadersSchema = z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema });

/** A client seed: 1-64 letters, digits, `-`, `_` or `.` (the rule of shared/fair's CLIENT_SEED_PATTERN). */
export const clientSeedSchema = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1 to 64 letters, digits, "-", "_" or "." (no spaces)');

/** Order references look like `AT` + 16 upper-case letters and digits. */
export const orderSnSchema = z
  .string()
  .regex(/^AT[0-9A-Z]{16}$/, 'must be an order reference such as AT7K2M9Q4X1B8C3D5E');
export const orderSnParamsSchema = z.object({ orderSn: orderSnSchema });

// ---------------------------------------------------------------------------------------------
// Provably fair seeds

/**
 * The signed-in user's seeds: the draw of their next paid order is HMAC-SHA256(serverSeed,
 * `clientSeed:nextNonce`) (shared/fair). The server seed stays secret until rotated; its SHA-256 is
 * shown now, so the buyer can later check the revealed seed was the one committed to.
 */
export const fairnessStateSchema = z.object({
  /** SHA-256 of the current server seed, 64 hex characters. */
  serverSeedHash: z.string().regex(/^[0-9a-f]{64}$/),
  clientSeed: clientSeedSchema,
  /** The nonce the next draw uses (0 for a fresh seed; +1 per draw). */
  nextNonce: z.int().nonnegative(),
});
export type FairnessState = z.infer<typeof fairnessStateSchema>;

/** PUT /api/me/client-seed body. */
export const clientSeedBodySchema = z.object({ clientSeed: clientSeedSchema });
export type ClientSeedBody = z.infer<typeof clientSeedBodySchema>;

/** POST /api/me/server-seed/rotate response: the old seed revealed (its draws become verifiable), and the new state. */
export const seedRotationSchema = z.object({
  revealed: z.object({
    serverSeed: z.string().regex(/^[0-9a-f]{64}$/),
    serverSeedHash: z.string().regex(/^[0-9a-f]{64}$/),
    /** Draws made with it (nonces 0..drawCount-1). */
    drawCount: z.int().nonnegative(),
  }),
  current: fairnessStateSchema,
});
export type SeedRotation = z.infer<typeof seedRotationSchema>;

// ---------------------------------------------------------------------------------------------
// Draws

/** One line of the odds a draw used: the box's published odds of a figure that was in stock. */
export const drawOddsLineSchema = z.object({
  figureId: z.int().positive(),
  oddsPpm: z.int().positive(),
});
export type DrawOddsLine = z.infer<typeof drawOddsLineSchema>;

/**
 * Everything needed to re-compute a draw in the browser (shared/fair verifyDraw): the seeds, the
 * nonce and the published odds of the figures that were in stock at draw time. Figures out of stock
 * are left out; shared/fair renormalises the rest (normaliseOdds, largest remainder, by figure id).
 */
/** A draw's public id: 22 characters of base64url, random; what names a draw outside its owner's answers. */
export const drawPublicIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}$/, "must be a draw's public id (22 letters, digits, - or _)");

export const drawProofSchema = z.object({
  /** The owner's own id of the draw: never shown to anyone else. */
  id: z.int().positive(),
  /** What names the draw in public: its proof link (GET /api/draws/:publicId/proof, /mysterybox/test?draw=). */
  publicId: drawPublicIdSchema,
  orderSn: orderSnSchema,
  boxModelId: z.int().positive(),
  serverSeedHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The server seed, once rotated out (POST /api/me/server-seed/rotate); null while it is still in use. */
  serverSeed: z.nullable(z.string().regex(/^[0-9a-f]{64}$/)),
  clientSeed: clientSeedSchema,
  nonce: z.int().nonnegative(),
  /** The HMAC mapped to [0, 1 000 000). */
  rollPpm: z.int().min(0).max(999_999),
  /** The published odds of the figures in stock when drawn (verifyDraw's `lines`). */
  oddsLines: z.array(drawOddsLineSchema).min(1),
  figure: figureSchema,
  /** The locker item the draw produced. */
  lockerItemId: z.int().positive(),
  createdAt: timestampSchema,
});
export type DrawProof = z.infer<typeof drawProofSchema>;

/**
 * A draw's proof as others may see it (GET /api/draws/:publicId/proof): what re-computes the draw,
 * without its own id, order or locker item. Served to its owner, and to anyone only while the owner
 * lets the live room show their pulls (PUT /api/me/feed-visibility); otherwise a 404, so pulls of
 * someone who did not opt in cannot be found or linked. The server seed shows only once its owner
 * rotated it out, as in their own view.
 */
export const publicDrawProofSchema = drawProofSchema.omit({ id: true, orderSn: true, lockerItemId: true });
export type PublicDrawProof = z.infer<typeof publicDrawProofSchema>;
/** GET /api/draws/:id (the owner's): their own id of the draw, or its public id. */
export const drawParamsSchema = z.object({ id: z.union([drawPublicIdSchema, recordIdParamSchema]) });
export const drawProofParamsSchema = z.object({ id: drawPublicIdSchema });
export const drawListQuerySchema = pageQuerySchema;
export const drawPageSchema = pageSchema(drawProofSchema);

// ---------------------------------------------------------------------------------------------
// Orders

/** POST /api/orders body (with an Idempotency-Key header). One box per order. */
export const createOrderBodySchema = z.object({
  boxModelId: z.int().positive().max(2_147_483_647),
  quantity: z.literal(1).default(1),
  /** Sets the buyer's client seed (as PUT /api/me/client-seed does), only if the order is taken. */
  clientSeed: z.optional(clientSeedSchema),
});
export type CreateOrderBody = z.input<typeof createOrderBodySchema>;

export const paymentSummarySchema = z.object({
  id: z.int().positive(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATUSES),
  /** The provider's order id: the `token` the provider returns the buyer with. */
  token: z.nullable(z.string()),
  /** Where to send the buyer to approve; null once captured or when paid with a saved method. */
  approvalUrl: z.nullable(z.string()),
  amount: moneySchema,
  createdAt: timestampSchema,
  capturedAt: z.nullable(timestampSchema),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

/**
 * What an order pays for: a mystery box (drawn when paid), a ship-out's fee (its request goes to the
 * warehouse when paid), or a collector's listing (the item moves to the buyer's locker when paid).
 */
export const ORDER_KINDS = ['box', 'ship_out', 'listing'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** A ship-out order's parcel: its ship request, how many figures and where to. */
export const orderShipOutSchema = z.object({
  shipRequestId: z.int().positive(),
  figures: z.int().positive(),
  city: z.string(),
  country: z.string(),
});
export type OrderShipOut = z.infer<typeof orderShipOutSchema>;

/** A listing order's item: the listing, its figure and its seller's handle. */
export const orderListingSchema = z.object({
  listingId: z.int().positive(),
  figure: z.object({ id: z.int().positive(), slug: slugSchema, name: z.string() }),
  sellerHandle: z.string(),
});
export type OrderListing = z.infer<typeof orderListingSchema>;

export const orderSchema = z.object({
  /** Internal id (the payment store's orderId). */
  id: z.int().positive(),
  orderSn: orderSnSchema,
  status: z.enum(ORDER_STATUSES),
  kind: z.enum(ORDER_KINDS),
  /** The box, for a box order; null for a ship-out. */
  boxModel: z.nullable(z.object({ id: z.int().positive(), slug: slugSchema, name: z.string() })),
  /** The parcel, for a ship-out order; null otherwise. */
  shipOut: z.nullable(orderShipOutSchema),
  /** The collector's item, for a listing order; null otherwise. */
  listing: z.nullable(orderListingSchema),
  quantity: z.int().positive(),
  unitPrice: moneySchema,
  total: moneySchema,
  createdAt: timestampSchema,
  /** While pending_payment: pay before this moment, or the box goes back on sale. */
  expiresAt: timestampSchema,
  paidAt: z.nullable(timestampSchema),
  fulfilledAt: z.nullable(timestampSchema),
  expiredAt: z.nullable(timestampSchema),
  cancelledAt: z.nullable(timestampSchema),
  /** The latest payment attempt, if any. */
  payment: z.nullable(paymentSummarySchema),
  /** Set once fulfilled: the draw (GET /api/draws/:id) and the locker item it produced. */
  drawId: z.nullable(z.int().positive()),
  lockerItemId: z.nullable(z.int().positive()),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * The fields of an order nothing has happened to yet:
 * not paid, fulfilled, expired or cancelled; no payment, no draw.
 */
export function blankOrderFields() {
  return {
    paidAt: null,
    fulfilledAt: null,
    expiredAt: null,
    cancelledAt: null,
    payment: null,
    drawId: null,
    lockerItemId: null,
  } satisfies Partial<Order>;
}
export const orderListQuerySchema = pageQuerySchema;
export const orderPageSchema = pageSchema(orderSchema);

// ---------------------------------------------------------------------------------------------
// Payments

/**
 * POST /api/orders/:orderSn/payments body. With `vaultToken` (a saved method of this user and
 * provider) the payment is captured at once, without an approval step.
 */
export const startPaymentBodySchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS).default('sandbox'),
  /** Save the method on approval: the capture result then carries a vaultToken for next time. */
  saveMethod: z.optional(z.boolean()),
  vaultToken: z.optional(z.string().min(8).max(200)),
});
export type StartPaymentBody = z.input<typeof startPaymentBodySchema>;

/** POST /api/payments/capture body: the `token` query parameter the buyer came back with. */
export const captureBodySchema = z.object({ token: z.string().min(6).max(200) });
export type CaptureBody = z.infer<typeof captureBodySchema>;

/**
 * A paid and fulfilled order: what the reveal shows (a box's draw; null for a ship-out, whose
 * request is then with the warehouse). The same body for every retry of the capture.
 */
export const captureResultSchema = z.object({
  order: orderSchema,
  draw: z.nullable(drawProofSchema),
  /** A saved payment method, when the payment was made with saveMethod (or with a vault token). */
  vaultToken: z.nullable(z.string()),
});
export type CaptureResult = z.infer<typeof captureResultSchema>;

/**
 * POST /api/orders/:orderSn/payments response: `approvalUrl` to send the buyer to (`result` null),
 * or, paid with a vault token, the capture result at once (`approvalUrl` null).
 */
export const startPaymentResultSchema = z.object({
  payment: paymentSummarySchema,
  approvalUrl: z.nullable(z.string()),
  result: z.nullable(captureResultSchema),
});
export type StartPaymentResult = z.infer<typeof startPaymentResultSchema>;

/** A saved payment method of the signed-in user (GET /api/me/payment-methods). */
export const savedPaymentMethodSchema = z.object({
  /** What DELETE /api/me/payment-methods/:id names. */
  id: z.int().positive(),
  provider: z.enum(PAYMENT_PROVIDERS),
  vaultToken: z.string(),
  /** What to show: "Sandbox test account", "PayPal (b***@example.com)". */
  label: z.string(),
  createdAt: timestampSchema,
});
export type SavedPaymentMethod = z.infer<typeof savedPaymentMethodSchema>;
export const savedPaymentMethodListSchema = z.object({ items: z.array(savedPaymentMethodSchema) });
export const paymentMethodParamsSchema = z.object({ id: recordIdParamSchema });

/** GET /api/payments/providers: the pay ways this site takes now (the sandbox always; PayPal once configured). */
export const paymentProviderListSchema = z.object({ providers: z.array(z.enum(PAYMENT_PROVIDERS)) });
export type PaymentProviderList = z.infer<typeof paymentProviderListSchema>;

/** POST /api/payments/webhook/:provider answer (after signature verification; replays answer the same). */
export const webhookAckSchema = z.object({ received: z.literal(true) });
export const webhookParamsSchema = z.object({ provider: z.enum(PAYMENT_PROVIDERS) });

/*
 * The endpoints (all under /api):
 *
 * GET    /me/fairness                    signed-in: my FairnessState (creates my first server seed).
 * PUT    /me/client-seed                 signed-in: ClientSeedBody → FairnessState.
 * POST   /me/server-seed/rotate          signed-in: reveals the old seed, starts a new one → SeedRotation.
 * GET    /me/payment-methods             signed-in: { items: SavedPaymentMethod[] }, newest first.
 * DELETE /me/payment-methods/:id         signed-in, owner: removes it → the remaining { items } (404 for another's).
 * POST   /orders                         signed-in, header Idempotency-Key: CreateOrderBody → 201 Order (200 with
 *                                        the same order on a retry with the same key and body; 409 if the same key
 *                                        came with another body; 409 "sold out" when no box is left).
 * GET    /orders                         signed-in: my orders, newest first (page of Order).
 * GET    /orders/:orderSn                signed-in, owner: Order (an unpaid order past expiresAt reads as expired).
 * POST   /orders/:orderSn/cancel         signed-in, owner: an unpaid order → cancelled (stock released) → Order.
 * POST   /orders/:orderSn/payments       signed-in, owner: StartPaymentBody → StartPaymentResult (201).
 * GET    /payments/providers             public: PaymentProviderList (the pay ways configured on this site).
 * POST   /payments/capture               signed-in, owner: CaptureBody → CaptureResult (idempotent).
 * POST   /payments/webhook/:provider     public, provider-signed: → { received: true }.
 * GET    /payments/sandbox/checkout      public: the sandbox provider's approval page (HTML, test mode), ?token=.
 * POST   /payments/sandbox/checkout      public: its form (token, action=approve|cancel) → 303 to PAYMENT_RETURN_PATH.
 * GET    /draws                          signed-in: my draws, newest first (page of DrawProof).
 * GET    /draws/:id                      signed-in, owner: DrawProof.
 */
