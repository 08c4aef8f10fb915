/**
 * The listing race made certain (PostgreSQL only): while the test holds a lock that stops every
 * insert into orders, buyers of one listing pile up inside their transactions; when it lets go, every
 * one of them that had decided "not reserved" would insert its order. Only the listing's row lock
 * keeps that to one: without it, each pooled connection's buyer gets an order.
 */
import { Client } from 'pg';
import { signInTestUser, type TestUser } from '../../test/auth-emulator';
import { eventually } from '../../test/eventually';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { chooseHandle, listItem, orderListing, pullFigure } from '../../test/market';

const BUYERS = 30;
/** The test database's connection pool (db/connect.ts's default). */
const POOL_SIZE = 10;
const TIMEOUT_MS = 120_000;

describe('buyers of one listing held at the moment they would order', () => {
  let api: TestApi;
  let seller: TestUser;
  let buyers: TestUser[];
  let holder: Client;
  let watcher: Client;

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
    const { target } = api.database;
    if (target.engine !== 'postgres')
      throw new Error('This test needs PostgreSQL (DATABASE_URL=postgres://…).');
    holder = new Client({ connectionString: target.url });
    watcher = new Client({ connectionString: target.url });
    await Promise.all([holder.connect(), watcher.connect()]);
    seller = await signInTestUser('held-seller');
    buyers = await Promise.all(
      Array.from({ length: BUYERS }, (_, index) => signInTestUser(`held-buyer-${index}`)),
    );
    await chooseHandle(api, seller, 'held_seller');
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await Promise.all([holder?.end(), watcher?.end()]);
    await api?.close();
  });

  it(
    'lets exactly one order through once the inserts may go on',
    async () => {
      const { itemId } = await pullFigure(api, seller);
      const listingId = await listItem(api, itemId, 1_500);

      await holder.query('begin');
      // Reads and row locks go on; inserts into orders wait.
      await holder.query('lock table orders in share row exclusive mode');
      const responses = Promise.all(buyers.map((buyer) => orderListing(api, buyer, listingId)));
      // Every pooled connection is inside a buyer's transaction, waiting on a lock.
      const waiting = await eventually(
        async () => {
          const { rows } = await watcher.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return rows[0]?.n ?? 0;
        },
        (n) => n >= POOL_SIZE,
        60_000,
      );
      expect(waiting).toBe(POOL_SIZE);
      await holder.query('commit');

      const statuses = (await responses).map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(BUYERS - 1);
    },
    TIMEOUT_MS,
  );
});
