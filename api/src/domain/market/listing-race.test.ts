/**
 * A hundred buyers at once for one collector's listing. Meaningful on PostgreSQL (npm run test:pg
 * -w api), where the requests run in parallel on a connection pool: without the listing's row lock,
 * several orders would hold it and several payments would be taken for one figure. PGlite runs one
 * transaction at a time, so there it checks the bookkeeping only.
 */
import { eq, sum } from 'drizzle-orm';
import { marketFeeMinor, type Order } from '@arttoy/shared/contracts/api';
import { ledgerEntries, listings, lockerItems, sales } from '../../db/schema';
import { signInTestUser, type TestUser } from '../../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { chooseHandle, listItem, orderListing, pullFigure } from '../../test/market';
import { approveAndCapture, expectStatus, startPayment } from '../../test/purchase';

const BUYERS = 100;
const PRICE = 4_200;
/** A hundred requests at once on a shared 2-core machine: more time than one request needs. */
const TIMEOUT_MS = 120_000;

describe('one listing, a hundred buyers at once', () => {
  let api: TestApi;
  let seller: TestUser;
  let buyers: TestUser[];

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
    seller = await signInTestUser('race-seller');
    buyers = await Promise.all(
      Array.from({ length: BUYERS }, (_, index) => signInTestUser(`race-buyer-${index}`)),
    );
    await chooseHandle(api, seller, 'race_seller');
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it(
    'gives exactly one of them an order, the rest a 409 before paying; one sale, one change of owner, a balanced ledger',
    async () => {
      const { itemId } = await pullFigure(api, seller);
      const listingId = await listItem(api, itemId, PRICE);
      const [sellerRow] = await api.db
        .select({ userId: lockerItems.userId })
        .from(lockerItems)
        .where(eq(lockerItems.id, itemId));

      const responses = await Promise.all(
        buyers.map(async (buyer) => ({ buyer, response: await orderListing(api, buyer, listingId) })),
      );
      const winners = responses.filter(({ response }) => response.statusCode === 201);
      const refused = responses.filter(({ response }) => response.statusCode === 409);
      expect(winners).toHaveLength(1);
      expect(refused).toHaveLength(BUYERS - 1);
      for (const { response } of refused)
        expect(response.json().error.details.reason).toBe('listing_reserved');

      const [winner] = winners;
      if (!winner) throw new Error('No winner.');
      const order = winner.response.json<Order>();
      const started = await startPayment(api, winner.buyer, order.orderSn);
      const result = await approveAndCapture(api, winner.buyer, started.payment.token ?? '');
      expect(result.order.status).toBe('fulfilled');

      const [item] = await api.db.select().from(lockerItems).where(eq(lockerItems.id, itemId));
      expect(item?.userId).not.toBe(sellerRow?.userId);
      expect(item?.status).toBe('in_locker');
      const soldRows = await api.db.select().from(sales).where(eq(sales.listingId, listingId));
      expect(soldRows).toHaveLength(1);
      expect(soldRows[0]?.buyerId).toBe(item?.userId);
      const [listing] = await api.db.select().from(listings).where(eq(listings.id, listingId));
      expect(listing?.status).toBe('sold');
      const [ledger] = await api.db
        .select({ total: sum(ledgerEntries.amountMinor).mapWith(Number) })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, sellerRow?.userId ?? 0));
      expect(ledger?.total).toBe(PRICE - marketFeeMinor(PRICE));

      // The rest, trying again now: sold.
      const again = await Promise.all(
        refused.slice(0, 20).map(({ buyer }) => orderListing(api, buyer, listingId)),
      );
      expect(again.map((response) => response.statusCode)).toEqual(Array(20).fill(409));
      expect(expectStatus(again[0] ?? winner.response, 409).json().error.details.reason).toBe('listing_sold');
    },
    TIMEOUT_MS,
  );
});
