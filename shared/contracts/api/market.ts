/**
 * The market between collectors: a locker item listed at a price, bought through the same payment
 * flow as a box, settled exactly once (ownership, the seller's ledger, the listing closed in the
 * transaction that records the captured payment). Every rule is the server's; these are its shapes.
 */
import * as z from 'zod';
import { figureSchema, seriesSummarySchema } from './catalogue';
import { drawPublicIdSchema } from './commerce';
import { moneySchema, recordIdParamSchema, recordIdSchema, timestampSchema } from './common';
import { isCountryCode } from './countries';

/** open → sold (bought) | withdrawn (by its seller). */
export const LISTING_STATUSES = ['open', 'sold', 'withdrawn'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** The site's one currency: listings are priced, and balances kept, in it. */
export const MARKET_CURRENCY = 'USD';

/** A listing's price bounds, in minor units: US$1.00 to US$10,000.00. */
export const LISTING_PRICE_MIN_MINOR = 100;
export const LISTING_PRICE_MAX_MINOR = 1_000_000;

/** How many open listings one account may have. */
export const MAX_OPEN_LISTINGS = 50;

/** The market's fee on a sale, in basis points of its price (500 = 5%), taken from the seller's proceeds. */
export const MARKET_FEE_BPS = 500;

/** The fee on a sale at `priceMinor`: MARKET_FEE_BPS of it, rounded half up to a whole minor unit. */
export function marketFeeMinor(priceMinor: number): number {
  return Math.floor((priceMinor * MARKET_FEE_BPS + 5_000) / 10_000);
}

/** A payout request's bounds: at least US$5.00, and never more than the balance. */
export const PAYOUT_MIN_MINOR = 500;

export const listingPriceSchema = z
  .int()
  .min(LISTING_PRICE_MIN_MINOR, `must be at least ${LISTING_PRICE_MIN_MINOR} minor units (US$1.00)`)
  .max(LISTING_PRICE_MAX_MINOR, `must be at most ${LISTING_PRICE_MAX_MINOR} minor units (US$10,000.00)`);

/** POST /api/listings body: an item of my locker that is in_locker, and its price in MARKET_CURRENCY minor units. */
export const createListingBodySchema = z.object({
  lockerItemId: recordIdSchema,
  priceMinor: listingPriceSchema,
});
export type CreateListingBody = z.input<typeof createListingBodySchema>;

/** PATCH /api/listings/:id body: a new price for my open listing. */
export const updateListingBodySchema = z.object({ priceMinor: listingPriceSchema });
export type UpdateListingBody = z.input<typeof updateListingBodySchema>;

export const listingParamsSchema = z.object({ id: recordIdParamSchema });

/**
 * One of my listings, as its seller sees it (GET /api/me/listings: every open one, then the latest
 * closed, 100 at most; and the answers of POST/PATCH/DELETE).
 */
export const myListingSchema = z.object({
  id: z.int().positive(),
  status: z.enum(LISTING_STATUSES),
  lockerItemId: z.int().positive(),
  figure: figureSchema,
  series: seriesSummarySchema.pick({ slug: true, name: true }),
  price: moneySchema,
  /** The market's fee on a sale at this price, and what the seller is credited. */
  fee: moneySchema,
  proceeds: moneySchema,
  /** True while a buyer's order holds it (it cannot be edited or withdrawn then). */
  reserved: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  closedAt: z.nullable(timestampSchema),
});
export type MyListing = z.infer<typeof myListingSchema>;
export const myListingListSchema = z.object({ items: z.array(myListingSchema) });

/** An open listing as any visitor sees it: its seller by public handle only, never uid or e-mail. */
export const publicListingSchema = z.object({
  id: z.int().positive(),
  price: moneySchema,
  sellerHandle: z.string(),
  /** True while another buyer's order holds it: it cannot be bought until that order ends. */
  reserved: z.boolean(),
  createdAt: timestampSchema,
});
export type PublicListing = z.infer<typeof publicListingSchema>;

/** A past sale of a figure: its price and when. */
export const saleSchema = z.object({ price: moneySchema, soldAt: timestampSchema });
export type Sale = z.infer<typeof saleSchema>;

/** GET /api/market/figures/:slug: the figure's open listings (cheapest first) and recent sales (oldest first). */
export const figureMarketSchema = z.object({
  figureId: z.int().positive(),
  listings: z.array(publicListingSchema),
  /** Up to the 50 latest sales, oldest first (the chart's order). */
  sales: z.array(saleSchema),
  /**
   * Of those sales: the last, the lowest and the median price (of an even count, the mean of the
   * two middle prices, rounded to a whole minor unit); null without sales.
   */
  lastPrice: z.nullable(moneySchema),
  lowestPrice: z.nullable(moneySchema),
  medianPrice: z.nullable(moneySchema),
});
export type FigureMarket = z.infer<typeof figureMarketSchema>;

/** GET /api/market/asks?series=slug: each figure's lowest open ask in the series (figures without one are left out). */
export const seriesAsksQuerySchema = z.object({ series: z.string().min(1).max(80) });
export const seriesAsksSchema = z.object({
  items: z.array(
    z.object({ figureId: z.int().positive(), lowestAsk: moneySchema, listings: z.int().positive() }),
  ),
});
export type SeriesAsks = z.infer<typeof seriesAsksSchema>;

/** A change of a seller's balance: every change is a row, and the balance is their sum. */
export const LEDGER_ENTRY_KINDS = ['sale', 'fee', 'payout'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export const ledgerEntrySchema = z.object({
  id: z.int().positive(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  /** Signed minor units: a sale credits (+), its fee and a payout debit (-). */
  amountMinor: z.int(),
  currency: z.string(),
  /** The listing a sale or fee is of; null for a payout. */
  listingId: z.nullable(z.int().positive()),
  /** The payout request a payout entry is of; null otherwise. */
  payoutId: z.nullable(z.int().positive()),
  /** What a sale or fee was of: the figure sold and its buyer's public handle (null when they have none); null for a payout. */
  sale: z.nullable(z.object({ figureName: z.string(), buyerHandle: z.nullable(z.string()) })),
  createdAt: timestampSchema,
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const PAYOUT_STATUSES = ['requested'] as const;

/** Where a payout goes: a PayPal account (by its e-mail) or a bank account (its holder and IBAN). */
export const PAYOUT_METHODS = ['paypal', 'bank'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** An IBAN written the one way: upper case, no spaces ("GB82 west 1234…" → "GB82WEST1234…"). */
export const compactIban = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/** Whether a compact IBAN's check digits hold (ISO 13616: the number mod 97 is 1) and its country exists. */
export function ibanChecks(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban) || !isCountryCode(iban.slice(0, 2))) return false;
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) =>
    String(letter.charCodeAt(0) - 55),
  );
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

export const ibanSchema = z
  .string()
  .transform(compactIban)
  .refine(ibanChecks, 'must be an IBAN such as GB82 WEST 1234 5698 7654 32 (its check digits did not match)');

/** A payout's destination as POST /api/me/payouts takes it: checked, trimmed, the IBAN made compact. */
export const payoutDestinationInputSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('paypal'),
    email: z.string().trim().max(254).pipe(z.email('must be an e-mail address such as you@example.com')),
  }),
  z.object({
    method: z.literal('bank'),
    /** The account holder's name, as the bank knows it. */
    accountHolder: z.string().trim().min(2).max(120),
    iban: ibanSchema,
  }),
]);

/** A payout's destination as recorded and shown to its owner. */
export const payoutDestinationSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('paypal'), email: z.string() }),
  z.object({ method: z.literal('bank'), accountHolder: z.string(), iban: z.string() }),
]);
export type PayoutDestination = z.infer<typeof payoutDestinationSchema>;

/** A payout destination in words, its account number shortened: "PayPal, ada@example.com", "Bank account of Ada Lovelace, IBAN GB82 … 5432". */
export function payoutDestinationLabel(destination: PayoutDestination): string {
  if (destination.method === 'paypal') return `PayPal, ${destination.email}`;
  return `Bank account of ${destination.accountHolder}, IBAN ${destination.iban.slice(0, 4)} … ${destination.iban.slice(-4)}`;
}

export const payoutSchema = z.object({
  id: z.int().positive(),
  amount: moneySchema,
  status: z.enum(PAYOUT_STATUSES),
  /** Where it goes; null for a request made before payouts named their destination. */
  destination: z.nullable(payoutDestinationSchema),
  createdAt: timestampSchema,
});
export type Payout = z.infer<typeof payoutSchema>;

/** GET /api/me/balance: the balance (sum of the ledger), the latest 50 entries (newest first) and the payout requests. */
export const balanceSchema = z.object({
  balance: moneySchema,
  entries: z.array(ledgerEntrySchema),
  payouts: z.array(payoutSchema),
});
export type Balance = z.infer<typeof balanceSchema>;

/** POST /api/me/payouts body: how much of the balance to pay out, and where to (recorded as owed; there is no payout rail). */
export const payoutBodySchema = z.object({
  amountMinor: z.int().min(PAYOUT_MIN_MINOR, `must be at least ${PAYOUT_MIN_MINOR} minor units (US$5.00)`),
  destination: payoutDestinationInputSchema,
});
export type PayoutBody = z.input<typeof payoutBodySchema>;

/** GET /api/locker/:id/history: where an item of my locker came from (its pull, then every sale of it). */
export const itemHistorySchema = z.object({
  lockerItemId: z.int().positive(),
  figure: figureSchema,
  /**
   * The draw that pulled it, with what its proof needs (the seed only once rotated out), named by its
   * public id (the puller's own id of it is theirs alone); null for an item from elsewhere.
   */
  pull: z.nullable(
    z.object({
      drawPublicId: drawPublicIdSchema,
      boxName: z.string(),
      pulledAt: timestampSchema,
      /** The puller's public handle; null when they have none. */
      handle: z.nullable(z.string()),
      serverSeedHash: z.string(),
      serverSeed: z.nullable(z.string()),
      clientSeed: z.string(),
      nonce: z.int().nonnegative(),
      rollPpm: z.int(),
    }),
  ),
  /** Every sale of the item, oldest first: seller and buyer by handle (null when they have none), and the price. */
  transfers: z.array(
    z.object({
      fromHandle: z.nullable(z.string()),
      toHandle: z.nullable(z.string()),
      price: moneySchema,
      soldAt: timestampSchema,
    }),
  ),
});
export type ItemHistory = z.infer<typeof itemHistorySchema>;
