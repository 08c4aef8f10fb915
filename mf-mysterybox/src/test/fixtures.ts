/** Test-only API answers shaped by the contract schemas (the pages validate every answer). */
import {
  blankOrderFields,
  type BoxModelDetail,
  type CaptureResult,
  type DrawProof,
  type FairnessState,
  type Figure,
  type Order,
} from '@arttoy/shared/contracts/api';

const series = { slug: 'night-market', name: 'Night Market' };
const style = { slug: 'kawaii', name: 'Kawaii' };

export function figure(id: number, name: string, rarity: 'regular' | 'secret' = 'regular'): Figure {
  return {
    id,
    slug: name.toLowerCase().replaceAll(' ', '-'),
    name,
    description: `${name}.`,
    number: id - 100,
    rarity,
    heightMm: 70,
    artUrl: `/api/art/${id}.svg`,
    series,
    style,
  };
}

const FIGURES = [figure(101, 'Lantern Cat'), figure(102, 'Noodle Fox'), figure(103, 'Moon Owl', 'secret')];
const PPM = [500_000, 493_056, 6_944];

export function box(overrides: Partial<BoxModelDetail> = {}): BoxModelDetail {
  return {
    id: 7,
    slug: 'night-market',
    name: 'Night Market Box',
    description: 'One of three night-time friends.',
    artUrl: '/api/box-models/7/art.svg?v=1',
    price: { amountMinor: 1_499, currency: 'USD' },
    series,
    style,
    stock: 12,
    // The secret as the API writes it while it is hidden: no name, slug or art of its own.
    odds: FIGURES.map((item, index) => ({
      figure:
        item.rarity === 'secret'
          ? {
              id: item.id,
              slug: 'night-market-secret',
              name: 'Secret figure',
              number: item.number,
              rarity: item.rarity,
              artUrl: '/api/figures/secret.svg?v=2',
              hidden: true,
            }
          : {
              id: item.id,
              slug: item.slug,
              name: item.name,
              number: item.number,
              rarity: item.rarity,
              artUrl: item.artUrl,
            },
      oddsPpm: PPM[index] ?? 0,
      odds: (PPM[index] ?? 0) / 1_000_000,
      stock: 4,
    })),
    ...overrides,
  };
}

export function boxPage(items: BoxModelDetail[]) {
  return {
    items: items.map(({ odds: _odds, ...summary }) => summary),
    page: 1,
    pageSize: 100,
    total: items.length,
    totalPages: 1,
  };
}

export const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
export const SEED_HASH = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';

export function fairness(overrides: Partial<FairnessState> = {}): FairnessState {
  return { serverSeedHash: SEED_HASH, clientSeed: 'my-seed', nextNonce: 3, ...overrides };
}

const AT = '2026-11-21T23:00:00.000Z';

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 41,
    orderSn: 'AT7K2M9Q4X1B8C3D5E',
    status: 'pending_payment',
    kind: 'box',
    boxModel: { id: 7, slug: 'night-market', name: 'Night Market Box' },
    shipOut: null,
    listing: null,
    quantity: 1,
    unitPrice: { amountMinor: 1_499, currency: 'USD' },
    total: { amountMinor: 1_499, currency: 'USD' },
    createdAt: AT,
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    ...blankOrderFields(),
    ...overrides,
  };
}

/** A ship-out's fee order: 2 figures to London, $14.99. */
export function shipOutOrder(overrides: Partial<Order> = {}): Order {
  return order({
    orderSn: 'AT2222333344445555',
    kind: 'ship_out',
    boxModel: null,
    shipOut: { shipRequestId: 12, figures: 2, city: 'London', country: 'GB' },
    ...overrides,
  });
}

/** Draw #5: seed SEED, client seed "client", nonce 0 → roll 282 372 → Lantern Cat (first half of the line). */
export function drawProof(overrides: Partial<DrawProof> = {}): DrawProof {
  return {
    id: 5,
    publicId: 'pUbL1c-draw_5xxxxxxxxx',
    orderSn: 'AT7K2M9Q4X1B8C3D5E',
    boxModelId: 7,
    serverSeedHash: SEED_HASH,
    serverSeed: SEED,
    clientSeed: 'client',
    nonce: 0,
    rollPpm: 282_372,
    oddsLines: [
      { figureId: 101, oddsPpm: 500_000 },
      { figureId: 102, oddsPpm: 493_056 },
      { figureId: 103, oddsPpm: 6_944 },
    ],
    figure: FIGURES[0] ?? figure(101, 'Lantern Cat'),
    lockerItemId: 88,
    createdAt: AT,
    ...overrides,
  };
}

export function captureResult(): CaptureResult {
  return {
    order: order({ status: 'fulfilled', paidAt: AT, fulfilledAt: AT, drawId: 5, lockerItemId: 88 }),
    draw: drawProof({ serverSeed: null }),
    vaultToken: null,
  };
}

/** A collector's listing bought: Noodle Fox from @kai, $18.00. */
export function listingOrder(overrides: Partial<Order> = {}): Order {
  const price = { amountMinor: 1_800, currency: 'USD' };
  return order({
    orderSn: 'AT3333444455556666',
    kind: 'listing',
    boxModel: null,
    listing: {
      listingId: 12,
      figure: { id: 102, slug: 'noodle-fox', name: 'Noodle Fox' },
      sellerHandle: 'kai',
    },
    unitPrice: price,
    total: price,
    ...overrides,
  });
}

/** A listing's capture: paid and settled, no draw (the figure was known), the item now the buyer's (locker item 91). */
export function listingCaptureResult(): CaptureResult {
  return {
    order: listingOrder({ status: 'fulfilled', paidAt: AT, fulfilledAt: AT, lockerItemId: 91 }),
    draw: null,
    vaultToken: 'vault-123456',
  };
}

/** No saved payment method: the pay page offers the providers only. */
export const NO_METHODS = { 'GET /api/me/payment-methods': { body: { items: [] } } };

/** The sandbox method the captures above save (their vault token). */
export const SAVED_METHOD = {
  id: 1,
  provider: 'sandbox',
  vaultToken: 'vault-123456',
  label: 'Sandbox test account',
  createdAt: '2026-11-20T10:00:00.000Z',
};
