/** Test-only locker answers shaped by the contract schemas (the page validates every answer). */
import type { LockerItem, ShipRequest } from '@arttoy/shared/contracts/api';

const series = { slug: 'night-market', name: 'Night Market' };

export function lockerItem(id: number, name: string, overrides: Partial<LockerItem> = {}): LockerItem {
  return {
    id,
    status: 'in_locker',
    figure: {
      id: id + 100,
      slug: name.toLowerCase().replaceAll(' ', '-'),
      name,
      description: `${name}.`,
      number: 1,
      rarity: 'regular',
      heightMm: 70,
      artUrl: `/api/art/${id + 100}.svg`,
      series,
      style: { slug: 'kawaii', name: 'Kawaii' },
    },
    series,
    acquiredAt: '2026-11-20T10:00:00.000Z',
    shipRequestedAt: null,
    shippedAt: null,
    drawId: id + 500,
    shipRequestId: null,
    listingId: null,
    ...overrides,
  };
}

export const ADDRESS = {
  name: 'Ada Lovelace',
  line1: '12 Market Street',
  city: 'London',
  postalCode: 'N1 9GU',
  country: 'GB',
  phone: '+44 20 7946 0000',
};

export function shipRequest(
  id: number,
  itemIds: number[],
  overrides: Partial<ShipRequest> = {},
): ShipRequest {
  return {
    id,
    status: 'requested',
    address: ADDRESS,
    itemIds,
    fee: { amountMinor: 1499, currency: 'USD' },
    orderSn: null,
    carrier: null,
    trackingNumber: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    shippedAt: null,
    cancelledAt: null,
    ...overrides,
  };
}
