/** Test-only order and draw answers shaped by the contract schemas (the pages validate every answer). */
import type { DrawProof, Order } from '@arttoy/shared/contracts/api';
import { lockerItem } from './locker-fixtures';

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const AT = '2026-11-21T23:00:00.000Z';

/** A fulfilled order paid with the sandbox, or what overrides make of it. */
export function paidOrder(id: number, orderSn: string, overrides: Partial<Order> = {}): Order {
  const payment = {
    id: id + 900,
    provider: 'sandbox' as const,
    status: 'captured' as const,
    token: `SBX-${id}`,
    approvalUrl: null,
    amount: usd(1_499),
    createdAt: AT,
    capturedAt: AT,
  };
  const times = {
    createdAt: AT,
    expiresAt: '2026-11-21T23:15:00.000Z',
    paidAt: AT,
    fulfilledAt: AT,
    expiredAt: null,
    cancelledAt: null,
  };
  const box = { id: 7, slug: 'night-market', name: 'Night Market Box' };
  return {
    id,
    orderSn,
    status: 'fulfilled',
    kind: 'box',
    boxModel: box,
    shipOut: null,
    listing: null,
    quantity: 1,
    unitPrice: usd(1_499),
    total: usd(1_499),
    ...times,
    payment,
    drawId: id + 500,
    lockerItemId: id + 800,
    ...overrides,
  };
}

export function orderPage(items: Order[], page = 1, total = items.length, pageSize = 10) {
  return { items, page, pageSize, total, totalPages: Math.ceil(total / pageSize) };
}

/** The draw of a paid order: Lantern Cat, seed still secret. */
export function drawOf(order: Order, overrides: Partial<DrawProof> = {}): DrawProof {
  const { figure } = lockerItem(1, 'Lantern Cat');
  const hash = 'a'.repeat(64);
  const lines = [{ figureId: figure.id, oddsPpm: 1_000_000 }];
  return {
    id: order.drawId ?? 1,
    publicId: `draw${order.drawId ?? 1}`.padEnd(22, 'x'),
    orderSn: order.orderSn,
    boxModelId: order.boxModel?.id ?? 7,
    serverSeedHash: hash,
    serverSeed: null,
    clientSeed: 'my-seed',
    nonce: 3,
    rollPpm: 282_372,
    oddsLines: lines,
    figure,
    lockerItemId: order.lockerItemId ?? 1,
    createdAt: AT,
    ...overrides,
  };
}
