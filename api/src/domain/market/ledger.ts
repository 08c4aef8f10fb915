/**
 * A seller's money: every change is a ledger row (a sale's price, its fee, a payout), and the
 * balance is their sum, never a number kept apart. A payout request is counted against the balance
 * under the seller's row lock, so two at once cannot take the same money twice.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type Balance,
  MARKET_CURRENCY,
  type Payout,
  type PayoutDestination,
} from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { figures, ledgerEntries, payoutRequests, sales, users } from '../../db/schema';
import { apiError } from '../../errors';

/** How many ledger entries and payouts GET /api/me/balance shows. */
const SHOWN = 50;

async function sumOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::bigint`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.currency, MARKET_CURRENCY)));
  return row?.total ?? 0;
}

const toPayout = (row: typeof payoutRequests.$inferSelect): Payout => ({
  id: row.id,
  amount: { amountMinor: row.amountMinor, currency: row.currency },
  status: row.status,
  destination: row.destination,
  createdAt: row.createdAt.toISOString(),
});

export async function balanceOf(db: Db, userId: number): Promise<Balance> {
  const [balance, entries, payouts] = await Promise.all([
    sumOf(db, userId),
    db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(SHOWN),
    db
      .select()
      .from(payoutRequests)
      .where(eq(payoutRequests.userId, userId))
      .orderBy(desc(payoutRequests.createdAt), desc(payoutRequests.id))
      .limit(SHOWN),
  ]);
  const saleOf = await salesOf(
    db,
    entries.flatMap((entry) => (entry.saleId === null ? [] : [entry.saleId])),
  );
  return {
    balance: { amountMinor: balance, currency: MARKET_CURRENCY },
    entries: entries.map((entry) => {
      const sale = entry.saleId === null ? undefined : saleOf.get(entry.saleId);
      return {
        id: entry.id,
        kind: entry.kind,
        amountMinor: entry.amountMinor,
        currency: entry.currency,
        listingId: sale?.listingId ?? null,
        payoutId: entry.payoutId,
        sale: sale ? { figureName: sale.figureName, buyerHandle: sale.buyerHandle } : null,
        createdAt: entry.createdAt.toISOString(),
      };
    }),
    payouts: payouts.map(toPayout),
  };
}

type SaleOfEntry = { listingId: number; figureName: string; buyerHandle: string | null };

/** What each sale was: its listing, the figure sold and the buyer's public handle. */
async function salesOf(db: Db, saleIds: number[]): Promise<Map<number, SaleOfEntry>> {
  if (saleIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: sales.id,
      listingId: sales.listingId,
      figureName: figures.name,
      buyerHandle: users.handle,
    })
    .from(sales)
    .innerJoin(figures, eq(figures.id, sales.figureId))
    .leftJoin(users, eq(users.id, sales.buyerId))
    .where(inArray(sales.id, saleIds));
  return new Map(rows.map(({ id, ...sale }) => [id, sale]));
}

/** Records a payout request of `amountMinor` to `destination` and debits it, if the balance covers it. */
export async function requestPayout(
  db: Db,
  userId: number,
  amountMinor: number,
  destination: PayoutDestination,
): Promise<Payout> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const balance = await sumOf(tx, userId);
    if (amountMinor > balance) {
      throw apiError('payout_over_balance', { amountMinor, balanceMinor: balance });
    }
    const [payout] = await tx
      .insert(payoutRequests)
      .values({ userId, amountMinor, currency: MARKET_CURRENCY, destination })
      .returning();
    if (!payout) throw new Error('Recording the payout request returned no row.');
    await tx.insert(ledgerEntries).values({
      userId,
      kind: 'payout',
      amountMinor: -amountMinor,
      currency: MARKET_CURRENCY,
      payoutId: payout.id,
    });
    return toPayout(payout);
  });
}
