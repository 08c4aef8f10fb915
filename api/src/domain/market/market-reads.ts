/**
 * What any visitor reads of the market: a figure's open listings and recent sales, and a series'
 * lowest asks. Sellers are shown by public handle only, never uid or e-mail. Read from the tables
 * each time (not the answer cache): a listing bought or withdrawn must not stay on show.
 */
import { and, asc, count, desc, eq, isNotNull, min, not } from 'drizzle-orm';
import {
  type FigureMarket,
  MARKET_CURRENCY,
  type Money,
  type SeriesAsks,
} from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { figures, listings, sales, series, users } from '../../db/schema';
import { hiddenSecret } from '../catalogue/columns';
import { listingReserved } from './reserved';

/** The recent sales a figure's chart shows, and its last, lowest and median price are of. */
export const FIGURE_SALES_SHOWN = 50;

/**
 * The open listings a figure's page shows, cheapest first. The cheapest are the ones a buyer takes;
 * a page of thousands would only slow the page down.
 */
export const FIGURE_LISTINGS_SHOWN = 100;

/**
 * The median of prices sorted ascending: the middle price of an odd count, the mean of the two
 * middle prices of an even count (rounded half up to a whole minor unit: money is integer).
 */
export function medianOf(sortedAscending: readonly number[]): number | null {
  const size = sortedAscending.length;
  if (size === 0) return null;
  const upper = sortedAscending[Math.floor(size / 2)]!;
  if (size % 2 === 1) return upper;
  return Math.round((sortedAscending[size / 2 - 1]! + upper) / 2);
}

/** The figure's market, or null for an unknown figure slug. */
export async function figureMarket(db: Db, slug: string): Promise<FigureMarket | null> {
  // A hidden secret's slug names nothing here either (its market would confirm a guessed name).
  const [figure] = await db
    .select({ id: figures.id })
    .from(figures)
    .where(and(eq(figures.slug, slug), not(hiddenSecret)));
  if (!figure) return null;
  const open = await db
    .select({
      id: listings.id,
      priceMinor: listings.priceMinor,
      currency: listings.currency,
      sellerHandle: users.handle,
      reserved: listingReserved,
      createdAt: listings.createdAt,
    })
    .from(listings)
    .innerJoin(users, eq(listings.sellerId, users.id))
    // A seller needs a handle to list (listings.ts), so every open listing has one; the filter keeps a
    // listing without one off the page rather than show its seller some other way.
    .where(and(eq(listings.figureId, figure.id), eq(listings.status, 'open'), isNotNull(users.handle)))
    .orderBy(asc(listings.priceMinor), asc(listings.createdAt), asc(listings.id))
    .limit(FIGURE_LISTINGS_SHOWN);
  const latest = await db
    .select({ priceMinor: sales.priceMinor, currency: sales.currency, createdAt: sales.createdAt })
    .from(sales)
    .where(eq(sales.figureId, figure.id))
    .orderBy(desc(sales.createdAt), desc(sales.id))
    .limit(FIGURE_SALES_SHOWN);
  const chart = latest.toReversed();
  const money = (amountMinor: number, currency: string): Money => ({ amountMinor, currency });
  const last = chart.at(-1);
  const prices = chart.map((sale) => sale.priceMinor).toSorted((a, b) => a - b);
  const median = medianOf(prices);
  return {
    figureId: figure.id,
    listings: open.map((row) => ({
      id: row.id,
      price: money(row.priceMinor, row.currency),
      sellerHandle: row.sellerHandle ?? '',
      reserved: Boolean(row.reserved),
      createdAt: row.createdAt.toISOString(),
    })),
    sales: chart.map((sale) => ({
      price: money(sale.priceMinor, sale.currency),
      soldAt: sale.createdAt.toISOString(),
    })),
    lastPrice: last ? money(last.priceMinor, last.currency) : null,
    lowestPrice: last ? money(prices[0]!, last.currency) : null,
    medianPrice: last && median !== null ? money(median, last.currency) : null,
  };
}

/** Each figure of the series with open listings: its lowest ask and how many; null for an unknown series slug. */
export async function seriesAsks(db: Db, slug: string): Promise<SeriesAsks | null> {
  const [found] = await db.select({ id: series.id }).from(series).where(eq(series.slug, slug));
  if (!found) return null;
  const rows = await db
    .select({ figureId: figures.id, lowestAsk: min(listings.priceMinor), listings: count() })
    .from(listings)
    .innerJoin(figures, eq(listings.figureId, figures.id))
    .where(and(eq(figures.seriesId, found.id), eq(listings.status, 'open')))
    .groupBy(figures.id, figures.number)
    .orderBy(asc(figures.number), asc(figures.id));
  return {
    // Every listing is priced in the market's one currency (listings.ts writes it).
    items: rows.map((row) => ({
      figureId: row.figureId,
      lowestAsk: { amountMinor: Number(row.lowestAsk), currency: MARKET_CURRENCY },
      listings: row.listings,
    })),
  };
}
