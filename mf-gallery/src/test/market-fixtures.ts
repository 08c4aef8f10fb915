/** Test-only market answers, checked against the contract's own schemas (a fixture the API could not send fails here). */
import {
  blankOrderFields,
  figureMarketSchema,
  myListingSchema,
  orderSchema,
  type MyListing,
  type FigureMarket,
  type Order,
  type PublicListing,
  type Sale,
} from '@arttoy/shared/contracts/api';

export const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

export function listing(
  id: number,
  amountMinor: number,
  sellerHandle: string,
  reserved = false,
): PublicListing {
  return { id, price: usd(amountMinor), sellerHandle, reserved, createdAt: '2026-11-20T10:00:00.000Z' };
}

export function sale(amountMinor: number, soldAt: string): Sale {
  return { price: usd(amountMinor), soldAt };
}

/** A figure's market (figureId is the fake catalogue's), validated as the API's answer. */
export function figureMarket(
  market: Partial<Omit<FigureMarket, 'figureId'>> = {},
): Omit<FigureMarket, 'figureId'> {
  const answer = {
    listings: [],
    sales: [],
    lastPrice: null,
    lowestPrice: null,
    medianPrice: null,
    ...market,
  };
  figureMarketSchema.parse({ figureId: 1, ...answer });
  return answer;
}

/** Three sales, $20 → $15 → $30: last $30, lowest $15, median $20. */
export const THREE_SALES = {
  sales: [
    sale(2_000, '2026-11-01T12:00:00.000Z'),
    sale(1_500, '2026-11-10T12:00:00.000Z'),
    sale(3_000, '2026-11-20T12:00:00.000Z'),
  ],
  lastPrice: usd(3_000),
  lowestPrice: usd(1_500),
  medianPrice: usd(2_000),
};

/** The order the API answers for a listing: kind 'listing', held for 15 minutes. */
export function listingOrder(listingId: number, amountMinor: number): Order {
  return orderSchema.parse({
    id: 77,
    orderSn: 'AT9Z8Y7X6W5V4U3T2S',
    status: 'pending_payment',
    kind: 'listing',
    boxModel: null,
    shipOut: null,
    listing: {
      listingId,
      figure: { id: 1, slug: 'croissant-cub', name: 'Croissant Cub' },
      sellerHandle: 'kai',
    },
    quantity: 1,
    unitPrice: usd(amountMinor),
    total: usd(amountMinor),
    createdAt: '2026-11-21T23:00:00.000Z',
    expiresAt: '2026-11-21T23:15:00.000Z',
    ...blankOrderFields(),
  });
}

/** One of the signed-in seller's listings of Croissant Cub, as GET /api/me/listings answers it. */
export function myListing(id: number, amountMinor: number, reserved = false): MyListing {
  const fee = Math.round(amountMinor / 20);
  return myListingSchema.parse({
    id,
    status: 'open',
    lockerItemId: 500 + id,
    figure: {
      id: 1,
      slug: 'croissant-cub',
      name: 'Croissant Cub',
      description: 'Croissant Cub of Cloud Bakery.',
      number: 1,
      rarity: 'regular',
      heightMm: 70,
      artUrl: '/api/art/1.svg',
      series: { slug: 'cloud-bakery', name: 'Cloud Bakery' },
      style: { slug: 'kawaii', name: 'Kawaii' },
    },
    series: { slug: 'cloud-bakery', name: 'Cloud Bakery' },
    price: usd(amountMinor),
    fee: usd(fee),
    proceeds: usd(amountMinor - fee),
    reserved,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    closedAt: null,
  });
}
