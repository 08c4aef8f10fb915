/**
 * The market's races on PostgreSQL (requests truly at once, on a pool of connections): payouts
 * against one balance, listing against shipping one item, and a buyer paying while the seller
 * withdraws. Whatever wins, the balance never goes below zero, an item is in exactly one state and
 * one locker, and a buyer is never charged without the item.
 */
import { and, eq, sum } from 'drizzle-orm';
import type { Balance, MyListing, Order } from '@arttoy/shared/contracts/api';
import { ledgerEntries, lockerItems, orders, payments, sales } from '../db/schema';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../test/helper';
import { giveItems, type Member, member, orderListing, PAYOUT_TO, recordSale } from '../test/market';
import { bearer, capture, decideOnSandboxPage, expectStatus, startPayment } from '../test/purchase';
import { testAddress as address } from '../test/address';

const BUNNY = 'cloud-bakery-mochi-bunny';
const ROUNDS = 8;

describe('the market raced on PostgreSQL', () => {
  let api: TestApi;
  let seller: Member;
  let buyer: Member;

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Member, payload?: object) =>
    api.app.inject({ method, url, headers: bearer(who.user), payload });

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0, rateLimits: false });
    if (api.database.target.engine !== 'postgres')
      throw new Error('This test needs PostgreSQL (DATABASE_URL=postgres://…).');
    [seller, buyer] = [
      await member(api, 'race-seller', 'race_seller'),
      await member(api, 'race-buyer', 'race_buyer'),
    ];
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('pays out at most the balance when 20 payouts of half of it arrive at once', async () => {
    // Two sales credit the seller: 2 × (10,000 − fee).
    const items = await giveItems(api, seller.id, [BUNNY, BUNNY]);
    for (const itemId of items) await recordSaleWithLedger(itemId);
    const { balance } = expectStatus(await send('GET', '/api/me/balance', seller), 200).json<Balance>();
    const half = Math.floor(balance.amountMinor / 2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send('POST', '/api/me/payouts', seller, { amountMinor: half, destination: PAYOUT_TO }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([
      201,
      201,
      ...Array.from({ length: 18 }, () => 409),
    ]);
    const [total] = await api.db
      .select({ total: sum(ledgerEntries.amountMinor).mapWith(Number) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, seller.id));
    expect(total?.total).toBe(balance.amountMinor - 2 * half);
    expect(total?.total).toBeGreaterThanOrEqual(0);
  });

  /** A sale of the seller's item with the seller's ledger rows, as settlement writes them. */
  async function recordSaleWithLedger(itemId: number): Promise<void> {
    await recordSale(api, itemId, buyer.id, 10_000);
    const [sale] = await api.db.select().from(sales).where(eq(sales.lockerItemId, itemId));
    await api.db.insert(ledgerEntries).values([
      { userId: seller.id, kind: 'sale', amountMinor: sale!.priceMinor, currency: 'USD', saleId: sale!.id },
      { userId: seller.id, kind: 'fee', amountMinor: -sale!.feeMinor, currency: 'USD', saleId: sale!.id },
    ]);
  }

  it('lists or ships an item, never both, when both are asked at once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const [itemId] = await giveItems(api, seller.id, [BUNNY]);
      const [listed, shipped] = await Promise.all([
        send('POST', '/api/listings', seller, { lockerItemId: itemId, priceMinor: 1_500 }),
        send('POST', '/api/locker/ship-requests', seller, { itemIds: [itemId], address }),
      ]);
      expect([listed.statusCode, shipped.statusCode].toSorted()).toEqual([201, 409]);
      const [item] = await api.db.select().from(lockerItems).where(eq(lockerItems.id, itemId!));
      expect(item?.status).toBe(listed.statusCode === 201 ? 'listed' : 'ship_requested');
    }
  });

  it('a buyer paying while the seller withdraws: the withdrawal is refused and the item moves once; never charged without it', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const [itemId] = await giveItems(api, seller.id, [BUNNY]);
      const listing = expectStatus(
        await send('POST', '/api/listings', seller, { lockerItemId: itemId, priceMinor: 1_500 }),
        201,
      ).json<MyListing>();
      const [ordered, withdrawn] = await Promise.all([
        orderListing(api, buyer.user, listing.id),
        send('DELETE', `/api/listings/${listing.id}`, seller),
      ]);
      // One of the two wins: the order (201, and the withdrawal 409) or the withdrawal (200, and the order 409).
      expect([
        [201, 409],
        [409, 200],
      ]).toContainEqual([ordered.statusCode, withdrawn.statusCode]);
      // Withdrawn first: nothing was ordered, the item is the seller's again; ordered first: still listed, held by the order.
      const [afterRace] = await api.db.select().from(lockerItems).where(eq(lockerItems.id, itemId!));
      expect(afterRace).toMatchObject({
        userId: seller.id,
        status: ordered.statusCode === 201 ? 'listed' : 'in_locker',
      });
      if (ordered.statusCode !== 201) continue;
      const order = ordered.json<Order>();
      const token = (await startPayment(api, buyer.user, order.orderSn)).payment.token ?? '';
      await decideOnSandboxPage(api, token, 'approve');
      const [paid, late] = await Promise.all([
        capture(api, buyer.user, token),
        send('DELETE', `/api/listings/${listing.id}`, seller),
      ]);
      expect(late.statusCode).toBe(409);
      expect(paid.statusCode).toBe(200);
      const [item] = await api.db.select().from(lockerItems).where(eq(lockerItems.id, itemId!));
      expect(item).toMatchObject({ userId: buyer.id, status: 'in_locker' });
      const [payment] = await api.db
        .select()
        .from(payments)
        .innerJoin(orders, eq(payments.orderId, orders.id))
        .where(and(eq(orders.orderSn, order.orderSn), eq(payments.status, 'captured')));
      expect(payment).toBeDefined();
    }
  });
});
