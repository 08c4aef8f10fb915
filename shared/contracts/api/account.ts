/** The signed-in user and what they own. Every route here needs a Firebase ID token. */
import * as z from 'zod';
import { figureSchema, seriesSummarySchema } from './catalogue';
import { countryCodeSchema } from './countries';
import { moneySchema, recordIdParamSchema, recordIdSchema, timestampSchema } from './common';
import { reservedWordIn } from './handles';

/**
 * A public handle: 3-20 of a-z, 0-9 and _, compared and stored lower-case; never one of the shop's
 * own names or a look-alike of one (handles.ts).
 */
export const HANDLE_PATTERN = /^[a-z0-9_]{3,20}$/;
export const HANDLE_RESERVED_MESSAGE =
  'must not be or look like a name the shop keeps for its own accounts (such as admin, support, official or arttoy)';
export const handleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HANDLE_PATTERN, 'must be 3 to 20 characters, each a letter a-z, a digit or _ (such as night_owl_7)')
  .refine((handle) => reservedWordIn(handle) === null, HANDLE_RESERVED_MESSAGE);

export const meSchema = z.object({
  id: z.int().positive(),
  /** The Firebase uid, from the verified token. */
  uid: z.string(),
  email: z.nullable(z.string()),
  displayName: z.nullable(z.string()),
  /** The public handle the user chose (PUT /api/me/handle); null until chosen. */
  handle: z.nullable(z.string()),
  createdAt: timestampSchema,
});
export type Me = z.infer<typeof meSchema>;

/**
 * How often a handle may change: sellers and pullers are known by it in the market's history and
 * the live room, so it cannot be swapped at will. Choosing the first is free; every choice, the
 * first too, starts the wait. A handle given up stays kept for its last owner as long: only they
 * may take it back meanwhile.
 */
export const HANDLE_CHANGE_DAYS = 30;

/** PUT /api/me/handle body. Unique across users whatever the case; 409 when another user has it. */
export const handleBodySchema = z.object({ handle: handleSchema });
export type HandleBody = z.input<typeof handleBodySchema>;

/** in_locker → listed (for sale on the market; withdrawn back to in_locker, or sold: the buyer's in_locker) | ship_requested → shipped. */
export const LOCKER_STATUSES = ['in_locker', 'listed', 'ship_requested', 'shipped'] as const;
export type LockerStatus = (typeof LOCKER_STATUSES)[number];

/** A postal address for ship-out. */
export const shipAddressSchema = z.object({
  name: z.string().trim().min(1).max(120),
  line1: z.string().trim().min(1).max(200),
  line2: z.optional(z.string().trim().max(200)),
  city: z.string().trim().min(1).max(120),
  region: z.optional(z.string().trim().max(120)),
  postalCode: z
    .string()
    .trim()
    .min(2)
    .max(16)
    .regex(/^[A-Za-z0-9 -]+$/, 'must be letters, digits, spaces or dashes'),
  /** ISO 3166-1 alpha-2, an assigned code. */
  country: countryCodeSchema,
  phone: z.optional(
    z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,20}$/, 'must be a phone number such as +1 555 0100'),
  ),
});
export type ShipAddress = z.infer<typeof shipAddressSchema>;

/** The address of a ship-out: the carrier needs a phone number, so it is required here. */
export const shipOutAddressSchema = shipAddressSchema.extend({
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'must be a phone number such as +1 555 0100'),
});
export type ShipOutAddress = z.infer<typeof shipOutAddressSchema>;

/** How many addresses an account keeps in its address book. */
export const MAX_SAVED_ADDRESSES = 10;

/** An address of the signed-in user's address book, offered by the ship-out form. */
export const savedAddressSchema = z.object({
  /** What DELETE /api/me/addresses/:id names. */
  id: z.int().positive(),
  address: shipOutAddressSchema,
  createdAt: timestampSchema,
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;
export const savedAddressListSchema = z.object({ items: z.array(savedAddressSchema) });
/** POST /api/me/addresses body: checked as the ship-out form's address is. */
export const saveAddressBodySchema = z.object({ address: shipOutAddressSchema });
export type SaveAddressBody = z.input<typeof saveAddressBodySchema>;
export const savedAddressParamsSchema = z.object({ id: recordIdParamSchema });

export const lockerItemSchema = z.object({
  id: z.int().positive(),
  status: z.enum(LOCKER_STATUSES),
  figure: figureSchema,
  series: seriesSummarySchema.pick({ slug: true, name: true }),
  acquiredAt: timestampSchema,
  shipRequestedAt: z.nullable(timestampSchema),
  shippedAt: z.nullable(timestampSchema),
  /** The draw that produced the item (GET /api/draws/:id has its proof); null for items from elsewhere. */
  drawId: z.nullable(z.int().positive()),
  /** The ship request holding the item while ship_requested or shipped. */
  shipRequestId: z.nullable(z.int().positive()),
  /** The open listing of the item while listed (PATCH / DELETE /api/listings/:id). */
  listingId: z.nullable(z.int().positive()),
});
export type LockerItem = z.infer<typeof lockerItemSchema>;
export const lockerListSchema = z.object({ items: z.array(lockerItemSchema) });
export const lockerItemParamsSchema = z.object({ id: recordIdParamSchema });

/**
 * awaiting_payment (its fee's order unpaid; its items held) → requested (paid: the warehouse's to
 * pack) → shipped; or awaiting_payment | requested → cancelled (its items go back to in_locker).
 */
export const SHIP_REQUEST_STATUSES = ['awaiting_payment', 'requested', 'shipped', 'cancelled'] as const;
export type ShipRequestStatus = (typeof SHIP_REQUEST_STATUSES)[number];

/** POST /api/locker/ship-requests body: items of my locker that are in_locker, and where to send them. */
export const createShipRequestBodySchema = z.object({
  itemIds: z
    .array(recordIdSchema)
    .min(1, 'choose at least one item to ship')
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, 'lists an item twice'),
  address: shipOutAddressSchema,
});
export type CreateShipRequestBody = z.input<typeof createShipRequestBodySchema>;

/** A parcel's tracking number as the carrier prints it: 6-40 letters and digits (spaces and dashes dropped, upper-cased). */
export const trackingNumberSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .regex(
        /^[A-Z0-9]{6,40}$/,
        'must be 6 to 40 letters and digits, as the carrier prints it (such as 1Z999AA10123456784)',
      ),
  );

/** The carrier's name: 2-40 letters, digits, spaces, `&`, `.`, `'` or `-`, starting with a letter or digit. */
export const carrierSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9 &.'-]{1,39}$/,
    "must be 2 to 40 letters, digits, spaces, &, ., ' or - (such as Royal Mail or UPS)",
  );

/** What marks a ship request shipped (the operators' `npm run ship -w api -- mark-shipped`). */
export const markShippedBodySchema = z.object({
  trackingNumber: trackingNumberSchema,
  carrier: carrierSchema,
});
export type MarkShippedBody = z.input<typeof markShippedBodySchema>;

export const shipRequestSchema = z.object({
  id: z.int().positive(),
  status: z.enum(SHIP_REQUEST_STATUSES),
  address: shipOutAddressSchema,
  itemIds: z.array(z.int().positive()),
  /** The ship-out fee quoted for it (shared/contracts/api/shipping-fees.ts); null for requests made before fees. */
  fee: z.nullable(moneySchema),
  /** The order that pays the fee (/payment/order_pay?order=…); null for requests made before fees were charged. */
  orderSn: z.nullable(z.string()),
  /** Set once shipped: who carries the parcel and its tracking number. */
  carrier: z.nullable(z.string()),
  trackingNumber: z.nullable(z.string()),
  createdAt: timestampSchema,
  shippedAt: z.nullable(timestampSchema),
  cancelledAt: z.nullable(timestampSchema),
});
export type ShipRequest = z.infer<typeof shipRequestSchema>;
export const shipRequestListSchema = z.object({ items: z.array(shipRequestSchema) });
export const shipRequestParamsSchema = z.object({ id: recordIdParamSchema });

/*
 * The locker's endpoints (all under /api, signed-in, a user's own items only; another user's are 404):
 *
 * GET    /locker                         { items: LockerItem[] }, newest first.
 * GET    /locker/:id                     LockerItem.
 * POST   /locker/ship-requests           CreateShipRequestBody → 201 ShipRequest (items → ship_requested, the fee
 *                                        quoted from the fee table; 409 if an item is not in_locker).
 * GET    /locker/ship-requests           { items: ShipRequest[] }, newest first.
 * DELETE /locker/ship-requests/:id       cancels while requested (items → in_locker) → ShipRequest; 409 once shipped.
 *
 * The address book (signed-in; another user's address is 404):
 *
 * GET    /me/addresses                   { items: SavedAddress[] }, newest first.
 * POST   /me/addresses                   SaveAddressBody → 201 SavedAddress; 200 with the saved one when the same
 *                                        address is there already; 409 when MAX_SAVED_ADDRESSES are saved.
 * DELETE /me/addresses/:id               removes it → the remaining { items }.
 *
 * Operators mark a request shipped with its carrier and tracking number from the command line
 * (`npm run ship -w api -- mark-shipped <id> --tracking <number> --carrier <name>`); its items → shipped.
 */
