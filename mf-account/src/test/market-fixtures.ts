/** Test-only market answers shaped by the contract schemas (the pages validate every answer). */
import {
  marketFeeMinor,
  type Balance,
  type ItemHistory,
  type LedgerEntry,
  type MyListing,
  type Payout,
} from '@arttoy/shared/contracts/api';
import { lockerItem } from './locker-fixtures';

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const AT = '2026-11-22T10:00:00.000Z';

/** My open listing of a locker item (made with lockerItem) at `priceMinor`, fee and proceeds worked out as the server does. */
export function myListing(
  id: number,
  item: ReturnType<typeof lockerItem>,
  priceMinor: number,
  overrides: Partial<MyListing> = {},
): MyListing {
  const fee = marketFeeMinor(priceMinor);
  return {
    id,
    status: 'open',
    lockerItemId: item.id,
    figure: item.figure,
    series: item.series,
    price: usd(priceMinor),
    fee: usd(fee),
    proceeds: usd(priceMinor - fee),
    reserved: false,
    createdAt: AT,
    updatedAt: AT,
    closedAt: null,
    ...overrides,
  };
}

/** A locker item listed as `listingId`. */
export const listedItem = (id: number, name: string, listingId: number) =>
  lockerItem(id, name, { status: 'listed', listingId });

export function ledgerEntry(
  id: number,
  kind: LedgerEntry['kind'],
  amountMinor: number,
  overrides: Partial<LedgerEntry> = {},
): LedgerEntry {
  return {
    id,
    kind,
    amountMinor,
    currency: 'USD',
    listingId: kind === 'payout' ? null : 40,
    payoutId: kind === 'payout' ? 3 : null,
    sale: kind === 'payout' ? null : { figureName: 'Croissant Cub', buyerHandle: 'leo' },
    createdAt: AT,
    ...overrides,
  };
}

export const payout = (
  id: number,
  amountMinor: number,
  destination: Payout['destination'] = { method: 'paypal', email: 'ada@example.com' },
): Payout => ({
  id,
  amount: usd(amountMinor),
  status: 'requested',
  destination,
  createdAt: AT,
});

/** A balance whose amount is the sum of its entries, as the server keeps it. */
export function balanceOf(entries: LedgerEntry[], payouts: Payout[] = []): Balance {
  return { balance: usd(entries.reduce((sum, entry) => sum + entry.amountMinor, 0)), entries, payouts };
}

/** Lantern Cat's history: pulled by @ada, sold once to @night_owl. */
export function itemHistory(lockerItemId: number, overrides: Partial<ItemHistory> = {}): ItemHistory {
  const { figure } = lockerItem(lockerItemId, 'Lantern Cat');
  return {
    lockerItemId,
    figure,
    pull: {
      drawPublicId: 'pull501_publicxxxxxxxx',
      boxName: 'Night Market Box',
      pulledAt: '2026-11-20T10:00:00.000Z',
      handle: 'ada',
      serverSeedHash: 'a'.repeat(64),
      serverSeed: null,
      clientSeed: 'my-seed',
      nonce: 3,
      rollPpm: 282_372,
    },
    transfers: [
      { fromHandle: 'ada', toHandle: 'night_owl', price: usd(2_499), soldAt: '2026-11-21T10:00:00.000Z' },
    ],
    ...overrides,
  };
}
