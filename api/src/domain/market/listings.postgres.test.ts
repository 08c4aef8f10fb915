/**
 * A seller's change racing a buyer's order (PostgreSQL: two transactions at once). A buyer's order
 * is created under the listing's row lock; a reprice or withdrawal that waited for that lock must
 * see the order once it is committed, and be refused, never change a listing an order has just taken.
 */
import { eq, sql } from 'drizzle-orm';
import type { MyListing } from '@arttoy/shared/contracts/api';
import { rowsOf } from '../../db/connect';
import { listings } from '../../db/schema';
import { eventually } from '../../test/eventually';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { giveItems, type Member, member, orderOf, statusesOf } from '../../test/market';
import { bearer } from '../../test/purchase';

describe('a seller changing a listing while a buyer orders it', () => {
  let api: TestApi;
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    api = await buildTestApi();
    [alice, bob] = [await member(api, 'alice', 'alice'), await member(api, 'bob', 'bob')];
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const waitingForLocks = async () =>
    rowsOf<{ n: number }>(
      await api.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      ),
    )[0]?.n ?? 0;

  it.each([
    ['PATCH', { priceMinor: 900 }],
    ['DELETE', undefined],
  ] as const)('%s waits for the order and is refused once it is committed', async (method, payload) => {
    const [itemId] = await giveItems(api, alice.id, ['cloud-bakery-mochi-bunny']);
    const listing = (
      await api.app.inject({
        method: 'POST',
        url: '/api/listings',
        headers: bearer(alice.user),
        payload: { lockerItemId: itemId, priceMinor: 2_000 },
      })
    ).json<MyListing>();

    let commit: () => void = () => undefined;
    const mayCommit = new Promise<void>((resolve) => (commit = resolve));
    let locked: () => void = () => undefined;
    const hasLock = new Promise<void>((resolve) => (locked = resolve));
    const buyer = api.db.transaction(async (tx) => {
      await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, listing.id)).for('update');
      await orderOf(tx, bob.id, listing.id, 'pending_payment');
      locked();
      await mayCommit;
    });
    await hasLock;
    const change = api.app.inject({
      method,
      url: `/api/listings/${listing.id}`,
      headers: bearer(alice.user),
      payload,
    });
    expect(await eventually(waitingForLocks, (n) => n > 0)).toBeGreaterThan(0);
    commit();
    await buyer;

    const response = await change;
    expect(response.statusCode).toBe(409);
    expect(response.json().error.details).toEqual({ status: 'open', reason: 'reserved' });
    const [row] = await api.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row).toMatchObject({ status: 'open', priceMinor: 2_000 });
    expect((await statusesOf(api, [itemId!])).get(itemId!)).toBe('listed');
  });
});
