/**
 * The purchase path under load: create order → start a sandbox payment → approve on the sandbox
 * page → capture (order paid, figure drawn, locker item written). Each autocannon connection is a
 * buyer of its own (an Auth emulator user), cycling through the four requests.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../src/db/connect';
import { boxModelFigures, boxModels } from '../src/db/schema';
import { signInTestUser, type TestUser } from '../src/test/auth-emulator';

/** Enough stock that no level sells out: the load measures buying, not refusing. */
const BENCH_STOCK_PER_FIGURE = 1_000_000;

/** Fills every figure of the first box model with stock; returns the box's id. */
export async function stockBenchBox(db: Db): Promise<number> {
  const [box] = await db.select({ id: boxModels.id }).from(boxModels).orderBy(boxModels.id).limit(1);
  if (!box) throw new Error('The catalogue has no box model: seed it first.');
  await db
    .update(boxModelFigures)
    .set({ stock: sql`${BENCH_STOCK_PER_FIGURE}` })
    .where(eq(boxModelFigures.boxModelId, box.id));
  return box.id;
}

export async function benchBuyers(count: number): Promise<TestUser[]> {
  const buyers: TestUser[] = [];
  for (let index = 0; index < count; index += 1) buyers.push(await signInTestUser(`bench-buyer-${index}`));
  return buyers;
}

interface PurchaseContext {
  orderSn?: string;
  token?: string;
}

export interface PurchaseRun {
  result: autocannon.Result;
  /** Captures answered 200: orders paid, drawn and put in a locker. */
  orders: number;
}

/** One autocannon run of the purchase path; `buyers` must hold at least `connections` users. */
export async function loadPurchases(
  base: string,
  boxModelId: number,
  buyers: readonly TestUser[],
  connections: number,
  duration: number,
): Promise<PurchaseRun> {
  let next = 0;
  let orders = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration,
    setupClient: (client) => {
      const buyer = buyers[next % buyers.length]!;
      next += 1;
      client.setHeaders({ authorization: `Bearer ${buyer.idToken}`, 'content-type': 'application/json' });
    },
    requests: [
      {
        method: 'POST',
        path: '/api/orders',
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'idempotency-key': randomUUID() },
          body: JSON.stringify({ boxModelId }),
        }),
        onResponse: (_status, body, context: PurchaseContext) => {
          context.orderSn = (JSON.parse(body) as { orderSn?: string }).orderSn;
        },
      },
      {
        method: 'POST',
        setupRequest: (request, context: PurchaseContext) => ({
          ...request,
          path: `/api/orders/${context.orderSn}/payments`,
          body: JSON.stringify({ provider: 'sandbox' }),
        }),
        onResponse: (_status, body, context: PurchaseContext) => {
          context.token = (JSON.parse(body) as { payment?: { token?: string } }).payment?.token;
        },
      },
      {
        method: 'POST',
        path: '/api/payments/sandbox/checkout',
        setupRequest: (request, context: PurchaseContext) => ({
          ...request,
          headers: { ...request.headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token: context.token ?? '', action: 'approve' }).toString(),
        }),
      },
      {
        method: 'POST',
        path: '/api/payments/capture',
        setupRequest: (request, context: PurchaseContext) => ({
          ...request,
          body: JSON.stringify({ token: context.token }),
        }),
        onResponse: (status) => {
          if (status === 200) orders += 1;
        },
      },
    ],
  });
  return { result, orders };
}

/**
 * Cancels the unpaid orders a run left: autocannon stops a run between a buyer's requests, and each
 * cycle it cuts off after the order leaves that order unpaid. The buyers are the same in every run,
 * and past three unpaid orders for a box an account is refused more (409), so the next runs would
 * measure refusals. An order whose capture had started finishes on its own (its cancel is a 409).
 */
export async function cancelUnpaidOrders(base: string, buyers: readonly TestUser[]): Promise<void> {
  await Promise.all(
    buyers.map(async (buyer) => {
      const headers = { authorization: `Bearer ${buyer.idToken}` };
      const response = await fetch(`${base}/api/orders?pageSize=10`, { headers });
      if (!response.ok)
        throw new Error(
          `Listing ${buyer.uid}'s orders answered ${response.status}: ${await response.text()}`,
        );
      const { items } = (await response.json()) as { items: { orderSn: string; status: string }[] };
      for (const order of items.filter(({ status }) => status === 'pending_payment')) {
        await fetch(`${base}/api/orders/${order.orderSn}/cancel`, { method: 'POST', headers });
      }
    }),
  );
}

export interface PurchaseAudit {
  paidOrders: number;
  draws: number;
  lockerItems: number;
  /** Paid orders without exactly one draw and one locker item. */
  incomplete: number;
  /** Stock rows below zero. */
  negativeStock: number;
}

/** What the purchases left in the database: every paid order with exactly one draw and one locker item, no stock below zero. */
export async function auditPurchases(db: Db): Promise<PurchaseAudit> {
  const result = await db.execute(sql`
    select
      (select count(*)::int from orders where status = 'fulfilled') as "paidOrders",
      (select count(*)::int from draws) as "draws",
      (select count(*)::int from locker_items) as "lockerItems",
      (select count(*)::int from orders o where o.status in ('paid', 'fulfilled') and (
        (select count(*) from draws d where d.order_id = o.id) <> 1 or
        (select count(*) from locker_items l join draws d on l.draw_id = d.id where d.order_id = o.id) <> 1)) as "incomplete",
      (select count(*)::int from box_model_figures where stock < 0) as "negativeStock"`);
  return rowsOf<PurchaseAudit>(result)[0]!;
}

/**
 * cancelUnpaidOrders for the floor (bench/floor-purchase.ts serves the purchase path only): the
 * unpaid orders a run cut off, cancelled in the database as the API's cancel does, none whose
 * capture had started.
 */
export async function cancelUnpaidOrdersInDatabase(db: Db): Promise<void> {
  await db.execute(sql`update orders set status = 'cancelled', cancelled_at = now(), updated_at = now()
    where status = 'pending_payment' and capture_started_at is null and kind = 'box'`);
}
