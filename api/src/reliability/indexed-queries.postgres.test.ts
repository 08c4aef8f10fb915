/**
 * Every query a buyer's journey sends finds its rows through an index that fits it. A lookup
 * without one reads the whole table (or a whole index): unseen in a test, and on a shop with a year
 * of orders it is every capture reading every payment ever made (as a capture would that looked a
 * payment up by the provider's token alone). So the tables that grow with use are given
 * a year's worth of other buyers' orders and payments first, and the journey must read a handful of
 * their rows, not all of them.
 */
import Fastify from 'fastify';
import { Client } from 'pg';
import type { Order } from '@arttoy/shared/contracts/api';
import { apiPlugin } from '../app';
import { openDatabase } from '../db/connect';
import { signInTestUser, TEST_PROJECT_ID } from '../test/auth-emulator';
import { eventually } from '../test/eventually';
import { TEST_CHANCE_RULES, type TestApi } from '../test/helper';
import { type BoxCapture, bearer, buyBox, expectStatus, orderBox, seedBoxId } from '../test/purchase';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { API_START_TIMEOUT_MS } from '../server-options';

/** Tables that grow with every visitor and purchase (the catalogue's are small and fixed). */
const GROWING = [
  'users',
  'orders',
  'payments',
  'sandbox_checkouts',
  'payment_methods',
  'server_seeds',
  'draws',
  'locker_items',
  'ship_requests',
];
/** Other buyers' orders (each with a failed payment) already in the shop. */
const HISTORY = 20_000;
/** Rows the whole journey may read from one table: its own, and what an index walk passes on the way. */
const READ_LIMIT = 1_000;

describe('queries of a buyer’s journey', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 120_000);
  afterAll(() => database?.dispose());

  /** One statement on a connection of its own; the connection ends, and its backend with it (flushing what it counted). */
  async function once<Row>(statement: string, values: unknown[] = []): Promise<Row[]> {
    const client = new Client({ connectionString: database.url, application_name: 'arttoy-test-admin' });
    await client.connect();
    try {
      return (await client.query(statement, values)).rows as Row[];
    } finally {
      await client.end();
    }
  }

  /** Waits until no backend of these application names started since `since` is left: each flushes its table counters as it ends. */
  const gone = async (names: string[], since: string) => {
    const left = await eventually(
      () =>
        once<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = any($1) and backend_start >= $2::timestamptz',
          [names, since],
        ),
      (rows) => rows[0]?.n === 0,
      30_000,
    );
    expect(left[0]?.n).toBe(0);
  };

  it('read no growing table whole', async () => {
    const setupStart = (await once<{ now: string }>('select now()::text as now'))[0]!.now;
    await once(
      `
      with other as (insert into users (firebase_uid) values ('history-buyer') returning id),
      box as (select id, price_minor, currency from box_models order by id limit 1),
      placed as (
        insert into orders (order_sn, user_id, box_model_id, quantity, unit_price_minor, total_minor, currency, idempotency_key, created_at, expires_at, status, cancelled_at)
        select 'HX' || lpad(n::text, 16, '0'), other.id, box.id, 1, box.price_minor, box.price_minor, box.currency, 'history-' || n,
          now() - interval '1 day', now() - interval '1 day' + interval '15 minutes', 'cancelled', now() - interval '1 day'
        from other, box, generate_series(1, $1::int) as n
        returning id, total_minor, currency)
      insert into payments (order_id, provider, provider_order_id, idempotency_key, amount_minor, currency, status)
      select id, 'sandbox', 'history-' || id, 'history-payment-' || id, total_minor, currency, 'failed' from placed`,
      [HISTORY],
    );
    await once('analyze');
    await gone(['arttoy-test-admin'], setupStart);
    const journeyStart = (await once<{ now: string }>('select pg_stat_reset(), now()::text as now'))[0]!.now;

    const apiDatabase = await openDatabase({ engine: 'postgres', url: database.url });
    const app = Fastify({ logger: false, pluginTimeout: API_START_TIMEOUT_MS });
    try {
      await app.register(apiPlugin, {
        prefix: '/api',
        database: apiDatabase,
        rateLimits: false,
        firebaseProjectId: TEST_PROJECT_ID,
        orderSweepIntervalMs: 0,
        chanceRules: TEST_CHANCE_RULES,
      });
      await app.ready();
      const api: TestApi = {
        app,
        database: apiDatabase,
        db: apiDatabase.db,
        engine: 'postgres',
        close: () => app.close(),
      };
      const buyer = await signInTestUser(`indexed-${Date.now()}`);
      const boxId = await seedBoxId(api, 'skate-spirits-blind-box');
      const get = async (url: string) =>
        expectStatus(await app.inject({ method: 'GET', url, headers: bearer(buyer) }), 200);
      await get('/api/me');
      await get(`/api/box-models/${boxId}`);
      const bought: BoxCapture = await buyBox(api, buyer, boxId);
      await get('/api/orders');
      await get(`/api/orders/${bought.order.orderSn}`);
      await get('/api/draws');
      await get(`/api/draws/${bought.draw.id}`);
      await get('/api/locker');
      await get(`/api/locker/${bought.order.lockerItemId}`);
      const unpaid: Order = await orderBox(api, buyer, boxId);
      expectStatus(
        await app.inject({
          method: 'POST',
          url: `/api/orders/${unpaid.orderSn}/cancel`,
          headers: bearer(buyer),
        }),
        200,
      );
    } finally {
      await app.close();
      await apiDatabase.close();
    }
    await gone(['arttoy-api', 'arttoy-api-listen'], journeyStart);
    const reads = await once<{ table: string; rows: number }>(
      `select t.relname as "table",
        (coalesce(t.seq_tup_read, 0) + coalesce((select sum(i.idx_tup_read) from pg_stat_user_indexes i where i.relid = t.relid), 0))::int as "rows"
      from pg_stat_user_tables t where t.relname = any($1) order by t.relname`,
      [GROWING],
    );
    expect(reads.map(({ table }) => table).toSorted()).toEqual(GROWING.toSorted());
    expect(reads.filter(({ rows }) => rows > READ_LIMIT)).toEqual([]);
  }, 120_000);
});
