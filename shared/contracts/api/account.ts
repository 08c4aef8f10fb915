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

export const lockerItemSchema = z.object({
  id: z.int().positive(),
  status: z.enum(LOCKER_STATUSES),
  figure: figureSchema,
  series: seriesSummarySchema.pick({ slug: true, name: true }),
  acquiredAt: timestampSchema,
  shipRequestedAt: z.nullable(timestampSchema),
  shippedAt: z.nullable(timestampSchema),
});
export type LockerItem = z.infer<typeof lockerItemSchema>;
export const lockerListSchema = z.object({ items: z.array(lockerItemSchema) });
export const lockerItemParamsSchema = z.object({ id: z.coerce.number<string | number>().int().positive().max(2_147_483_647) });
