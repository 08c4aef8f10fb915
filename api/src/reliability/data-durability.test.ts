/**
 * Data survives what operations do to it: migrations run again (every start runs them) change
 * neither the schema nor a single row, and an API closed and started again on the same database
 * (PGlite's data directory, or the same PostgreSQL database) finds every order, payment, draw and
 * locker item as it left them. (A second process on a PGlite directory in use is refused: see
 * db/embedded-start.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../db/connect';
import { migrateDatabase } from '../db/migrate';
import { signInTestUser, type TestUser } from '../test/auth-emulator';
import { buildTestApi, registerApiOn, SETUP_TIMEOUT } from '../test/helper';
import { bearer, buyBox, orderBox, seedBoxId } from '../test/purchase';
import { createEmptyDatabaseUrl } from '../test/test-database';
import { API_START_TIMEOUT_MS } from '../server-options';

type Rows = Record<string, unknown>[];
const rowsOf = async (db: Db, query: ReturnType<typeof sql>): Promise<Rows> =>
  ((await db.execute(query)) as unknown as { rows: Rows }).rows;

/** The schema as the catalogue describes it: columns, constraints and indexes of every table. */
async function schemaOf(db: Db): Promise<unknown> {
  return {
    columns: await rowsOf(
      db,
      sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = 'public' order by 1, 2`,
    ),
    constraints: await rowsOf(
      db,
      sql`select conrelid::regclass::text as "table", conname, pg_get_constraintdef(oid) as def from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`,
    ),
    indexes: await rowsOf(
      db,
      sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`,
    ),
  };
}

/** Every row of every table (and the migrations journal), as a digest per table. */
async function rowsDigest(db: Db): Promise<Record<string, string>> {
  const tables = await rowsOf(
    db,
    sql`select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables as { name: string }[]) {
    const [row] = await rowsOf(
      db,
      sql`select count(*)::int || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as d from ${sql.raw(name)} t`,
    );
    digest[name] = String(row?.d);
  }
  return digest;
}

describe('data across migrations and restarts', () => {
  let alice: TestUser;
  beforeAll(async () => {
    alice = await signInTestUser('alice');
  }, SETUP_TIMEOUT);

  it('migrations run twice more change neither the schema nor any row', async () => {
    const api = await buildTestApi({ orderSweepIntervalMs: 0 });
    try {
      const boxId = await seedBoxId(api, 'night-market-blind-box');
      await buyBox(api, alice, boxId);
      await orderBox(api, alice, boxId);
      const before = { schema: await schemaOf(api.db), rows: await rowsDigest(api.db) };
      expect(Object.keys(before.rows).length).toBeGreaterThan(10);
      await migrateDatabase(api.database);
      await migrateDatabase(api.database);
      expect({ schema: await schemaOf(api.db), rows: await rowsDigest(api.db) }).toEqual(before);
    } finally {
      await api.close();
    }
  }, 120_000);

  it('a restart on the same database keeps every order, payment, draw and locker item', async () => {
    const place = await createEmptyDatabaseUrl();
    /** The API owning its database, as `npm start` runs it: its close closes the database. */
    const start = async (): Promise<FastifyInstance> => {
      const app = Fastify({ logger: false, pluginTimeout: API_START_TIMEOUT_MS });
      await registerApiOn(app, place.url);
      await app.ready();
      return app;
    };
    const mine = async (app: FastifyInstance, url: string) =>
      (await app.inject({ method: 'GET', url, headers: bearer(alice) })).json<{ items: unknown[] }>().items;
    const state = async (app: FastifyInstance) => ({
      orders: await mine(app, '/api/orders'),
      locker: await mine(app, '/api/locker'),
      draws: await mine(app, '/api/draws'),
    });
    try {
      const first = await start();
      let before: Awaited<ReturnType<typeof state>>;
      try {
        const boxes = (await first.inject({ method: 'GET', url: '/api/box-models' })).json<{
          items: { id: number; stock: number }[];
        }>().items;
        const boxId = boxes.find((box) => box.stock > 2)?.id ?? 0;
        await buyOverHttp(first, alice, boxId);
        await buyOverHttp(first, alice, boxId);
        expect(
          (
            await first.inject({
              method: 'POST',
              url: '/api/orders',
              headers: { ...bearer(alice), 'idempotency-key': 'kept-across-restart' },
              payload: { boxModelId: boxId },
            })
          ).statusCode,
        ).toBe(201);
        before = await state(first);
        expect([before.orders.length, before.locker.length, before.draws.length]).toEqual([3, 2, 2]);
      } finally {
        await first.close();
      }
      const second = await start();
      try {
        expect(await state(second)).toEqual(before);
      } finally {
        await second.close();
      }
    } finally {
      await place.remove();
    }
  }, 180_000);
});

/** The purchase over HTTP only (this API's database is its own): order, sandbox payment, approval, capture. */
async function buyOverHttp(app: FastifyInstance, user: TestUser, boxModelId: number): Promise<void> {
  const headers = bearer(user);
  const order = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { boxModelId },
  });
  const orderSn = order.json<{ orderSn: string }>().orderSn;
  const started = await app.inject({
    method: 'POST',
    url: `/api/orders/${orderSn}/payments`,
    headers,
    payload: { provider: 'sandbox' },
  });
  const token = started.json<{ payment: { token: string } }>().payment.token;
  await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, action: 'approve' }).toString(),
  });
  const captured = await app.inject({
    method: 'POST',
    url: '/api/payments/capture',
    headers,
    payload: { token },
  });
  if (captured.statusCode !== 200) throw new Error(`Capture failed: ${captured.statusCode} ${captured.body}`);
}
