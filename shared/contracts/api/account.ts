/** The signed-in user and what they own. Every route here needs a Firebase ID token. */
import * as z from 'zod';
import { figureSchema, seriesSummarySchema } from './catalogue';
import { timestampSchema } from './common';

export const meSchema = z.object({
  id: z.int().positive(),
  /** The Firebase uid, from the verified token. */
  uid: z.string(),
  email: z.nullable(z.string()),
  displayName: z.nullable(z.string()),
  createdAt: timestampSchema,
});
export type Me = z.infer<typeof meSchema>;

export const LOCKER_STATUSES = ['in_locker', 'ship_requested', 'shipped'] as const;
export type LockerStatus = (typeof LOCKER_STATUSES)[number];

/** A postal address for ship-out. */
export const shipAddressSchema = z.object({
  name: z.string().trim().min(1).max(120),
  line1: z.string().trim().min(1).max(200),
  line2: z.optional(z.string().trim().max(200)),
  city: z.string().trim().min(1).max(120),
  region: z.optional(z.string().trim().max(120)),
  postalCode: z.string().trim().min(2).max(16).regex(/^[A-Za-z0-9 -]+$/, 'must be letters, digits, spaces or dashes'),
  /** ISO 3166-1 alpha-2. */
  country: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter ISO 3166-1 country code such as US'),
  phone: z.optional(z.string().trim().regex(/^\+?[0-9 ()-]{6,20}$/, 'must be a phone number such as +1 555 0100')),
});
export type ShipAddress = z.infer<typeof shipAddressSchema>;

/** The address of a ship-out: the carrier needs a phone number, so it is required here. */
export const shipOutAddressSchema = shipAddressSchema.extend({
  phone: z.string().trim().regex(/^\+?[0-9 ()-]{6,20}$/, 'must be a phone number such as +1 555 0100'),
});
export type ShipOutAddress = z.infer<typeof shipOutAddressSchema>;

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
});
export type LockerItem = z.infer<typeof lockerItemSchema>;
export const lockerListSchema = z.object({ items: z.array(lockerItemSchema) });
export const lockerItemParamsSchema = z.object({ id: z.coerce.number<string | number>().int().positive().max(2_147_483_647) });

/** requested → shipped, or requested → cancelled (its items go back to in_locker). */
export const SHIP_REQUEST_STATUSES = ['requested', 'shipped', 'cancelled'] as const;
export type ShipRequestStatus = (typeof SHIP_REQUEST_STATUSES)[number];

/** POST /api/locker/ship-requests body: items of my locker that are in_locker, and where to send them. */
export const createShipRequestBodySchema = z.object({
  itemIds: z
    .array(z.int().positive().max(2_147_483_647))
    .min(1, 'choose at least one item to ship')
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, 'lists an item twice'),
  address: shipOutAddressSchema,
});
export type CreateShipRequestBody = z.input<typeof createShipRequestBodySchema>;

export const shipRequestSchema = z.object({
  id: z.int().positive(),
  status: z.enum(SHIP_REQUEST_STATUSES),
  address: shipOutAddressSchema,
  itemIds: z.array(z.int().positive()),
  createdAt: timestampSchema,
  shippedAt: z.nullable(timestampSchema),
  cancelledAt: z.nullable(timestampSchema),
});
export type ShipRequest = z.infer<typeof shipRequestSchema>;
export const shipRequestListSchema = z.object({ items: z.array(shipRequestSchema) });
export const shipRequestParamsSchema = z.object({ id: z.coerce.number<string | number>().int().positive().max(2_147_483_647) });

/*
 * The locker's endpoints (all under /api, signed-in, a user's own items only; another user's are 404):
 *
 * GET    /locker                         { items: LockerItem[] }, newest first.
 * GET    /locker/:id                     LockerItem.
 * POST   /locker/ship-requests           CreateShipRequestBody → 201 ShipRequest (items → ship_requested; 409 if an
 *                                        item is not in_locker).
 * GET    /locker/ship-requests           { items: ShipRequest[] }, newest first.
 * DELETE /locker/ship-requests/:id       cancels while requested (items → in_locker) → ShipRequest; 409 once shipped.
 */
