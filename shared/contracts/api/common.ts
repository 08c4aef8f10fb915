/**
 * What every API response shares: the one error shape, pages, money and slugs.
 * Plain zod, no side effects: the API validates with these schemas and the clients type with them.
 */
import * as z from 'zod';

/**
 * The classes of error: every answer's `error.code`. A refusal of the catalogue (errors.ts) names its
 * exact code beside it, in `error.reason`; `message` says what to do.
 */
export const API_ERROR_CODES = [
  'invalid_request',
  'unauthenticated',
  'token_expired',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'unavailable',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** A field that failed validation: where (`query.page`, `body.address.zip`) and why. */
export const fieldIssueSchema = z.object({
  field: z.string(),
  reason: z.string(),
});

export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** Lower-case words joined by `-` or `_`: the same pattern the site's routes accept. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
export const slugSchema = z
  .string()
  .max(80)
  .regex(SLUG_PATTERN, 'must be lower-case letters and digits joined by - or _');

/**
 * The id of a record that grows with traffic (orders, draws, locker items, ship requests): int8 in
 * the database, a JS number in answers, exact up to 2^53 on both of the API's engines.
 */
export const recordIdSchema = z.int().positive().max(Number.MAX_SAFE_INTEGER);
/** The same id as a path parameter, which arrives as text. */
export const recordIdParamSchema = z.coerce
  .number<string | number>()
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER);

/** ISO 4217 currency code. */
export const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as USD');

/** Money is integer minor units (cents) with a currency; totals are computed by the server only. */
export const moneySchema = z.object({
  amountMinor: z.int().nonnegative(),
  currency: currencySchema,
});
export type Money = z.infer<typeof moneySchema>;

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 24;

/** `?page=&pageSize=` (1-based). Query strings arrive as text, hence the coercion. */
export const pageQuerySchema = z.object({
  page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number<string | number>().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of a list in a stable order: the same query always returns the same items in the same order. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    page: z.int().min(1),
    pageSize: z.int().min(1),
    total: z.int().nonnegative(),
    totalPages: z.int().nonnegative(),
  });
}
export interface Page<Item> {
  items: Item[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

/** A timestamp as sent on the wire: ISO 8601 in UTC. */
export const timestampSchema = z.iso.datetime();
