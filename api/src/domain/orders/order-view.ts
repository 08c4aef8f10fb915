/** Orders as the API shows them (contract `Order`): the row, its box, its ship-out or its listing, its latest payment and its draw. */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  HIDDEN_SECRET_NAME,
  hiddenSecretSlug,
  type Order,
  type Page,
  type PageQuery,
  type PaymentSummary,
} from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { fromJsonRow } from '../../db/json-row';
import { preparedFor } from '../../db/prepared';
import {
  boxModels,
  draws,
  figures,
  listings,
  lockerItems,
  orders,
  payments,
  series,
  shipRequests,
  users,
} from '../../db/schema';
import { hiddenSecret, qualified } from '../catalogue/columns';
import { offsetOf, toPage, totalOverAll } from '../pagination';

const orderColumns = {
  order: orders,
  /** Its payments, newest first, as to_jsonb rows (paymentsOf): read with the order, not by a statement of their own. */
  paymentRows: sql<
    Record<string, unknown>[]
  >`(select coalesce(json_agg(to_jsonb(p) order by p.created_at desc, p.id desc), '[]'::json)
    from ${payments} p where p.order_id = ${orders.id})`,
  boxSlug: boxModels.slug,
  boxName: boxModels.name,
  shipAddress: shipRequests.address,
  shipItemIds: shipRequests.itemIds,
  listingItemId: listings.lockerItemId,
  listingFigureId: figures.id,
  listingFigureSlug: figures.slug,
  listingFigureName: figures.name,
  /** A listed hidden secret's series slug (its hidden form's slug); null for any other figure. */
  listingHiddenSeriesSlug: sql<
    string | null
  >`(case when ${hiddenSecret} then (select ${qualified(series.slug)} from ${series} where ${qualified(series.id)} = ${qualified(figures.seriesId)}) end)`,
  sellerHandle: users.handle,
  drawId: draws.id,
  lockerItemId: lockerItems.id,
  total: totalOverAll(),
};

function selectOrders(db: Db, where: SQL | undefined) {
  return db
    .select(orderColumns)
    .from(orders)
    .leftJoin(boxModels, eq(orders.boxModelId, boxModels.id))
    .leftJoin(shipRequests, eq(orders.shipRequestId, shipRequests.id))
    .leftJoin(listings, eq(orders.listingId, listings.id))
    .leftJoin(figures, eq(listings.figureId, figures.id))
    .leftJoin(users, eq(listings.sellerId, users.id))
    .leftJoin(draws, eq(draws.orderId, orders.id))
    .leftJoin(lockerItems, eq(lockerItems.drawId, draws.id))
    .where(where);
}

type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];
type PaymentRow = typeof payments.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The payment's fields a summary shows. */
type SummarisedPayment = Pick<
  PaymentRow,
  | 'id'
  | 'provider'
  | 'status'
  | 'providerOrderId'
  | 'approvalUrl'
  | 'amountMinor'
  | 'currency'
  | 'createdAt'
  | 'capturedAt'
>;

export function toPaymentSummary(payment: SummarisedPayment): PaymentSummary {
  return {
    id: payment.id,
    provider: payment.provider,
    status: payment.status,
    token: payment.providerOrderId,
    approvalUrl: payment.status === 'captured' ? null : payment.approvalUrl,
    amount: { amountMinor: payment.amountMinor, currency: payment.currency },
    createdAt: payment.createdAt.toISOString(),
    capturedAt: iso(payment.capturedAt),
  };
}

function toOrder(row: OrderRow, payment: PaymentRow | undefined): Order {
  const { order } = row;
  return {
    id: order.id,
    orderSn: order.orderSn,
    status: order.status,
    kind: order.kind,
    boxModel:
      order.boxModelId === null || row.boxSlug === null || row.boxName === null
        ? null
        : { id: order.boxModelId, slug: row.boxSlug, name: row.boxName },
    shipOut:
      order.shipRequestId === null || row.shipAddress === null || row.shipItemIds === null
        ? null
        : {
            shipRequestId: order.shipRequestId,
            figures: row.shipItemIds.length,
            city: row.shipAddress.city,
            country: row.shipAddress.country,
          },
    listing:
      order.listingId === null ||
      row.listingFigureId === null ||
      row.listingFigureSlug === null ||
      row.listingFigureName === null
        ? null
        : {
            listingId: order.listingId,
            // A hidden secret is named to its buyer once theirs (fulfilled), as in their locker.
            figure:
              row.listingHiddenSeriesSlug !== null && order.status !== 'fulfilled'
                ? {
                    id: row.listingFigureId,
                    slug: hiddenSecretSlug(row.listingHiddenSeriesSlug),
                    name: HIDDEN_SECRET_NAME,
                  }
                : { id: row.listingFigureId, slug: row.listingFigureSlug, name: row.listingFigureName },
            sellerHandle: row.sellerHandle ?? 'a collector',
          },
    quantity: order.quantity,
    unitPrice: { amountMinor: order.unitPriceMinor, currency: order.currency },
    total: { amountMinor: order.totalMinor, currency: order.currency },
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt.toISOString(),
    paidAt: iso(order.paidAt),
    fulfilledAt: iso(order.fulfilledAt),
    expiredAt: iso(order.expiredAt),
    cancelledAt: iso(order.cancelledAt),
    payment: payment ? toPaymentSummary(payment) : null,
    drawId: row.drawId,
    // A bought listing's item is the listing's (it moved lockers); a box's is the one its draw made.
    lockerItemId:
      row.lockerItemId ??
      (order.kind === 'listing' && order.status === 'fulfilled' ? row.listingItemId : null),
  };
}

/** The order's payments, newest first, as drizzle reads them. */
const paymentsOf = (row: OrderRow): PaymentRow[] =>
  row.paymentRows.map((json) => fromJsonRow(payments, json));

/** The orders with their latest payment. */
function withPayments(rows: OrderRow[]): Order[] {
  return rows.map((row) => toOrder(row, paymentsOf(row)[0]));
}

/** An order by id, as a statement built once (db/prepared.ts): every purchase reads its order after creating it and after paying it. */
const orderById = (db: Db) =>
  preparedFor(db, 'order_view_by_id', (name) =>
    selectOrders(db, eq(orders.id, sql.placeholder('id'))).prepare(name),
  );

/** An order, its owner and all its payments (newest first), in one statement; null when it does not exist. */
export async function findOrderWithPayments(
  db: Db,
  orderId: number,
): Promise<{ order: Order; ownerId: number; payments: PaymentRow[] } | null> {
  const [row] = await orderById(db).execute({ id: orderId });
  if (!row) return null;
  const paymentRows = paymentsOf(row);
  return { order: toOrder(row, paymentRows[0]), ownerId: row.order.userId, payments: paymentRows };
}

/** An order just created: it has no payment yet. */
export async function findNewOrder(db: Db, orderId: number): Promise<Order | null> {
  const [row] = await orderById(db).execute({ id: orderId });
  return row ? toOrder(row, undefined) : null;
}

/** One order of its owner, by reference; null when it does not exist or is someone else's. */
export async function findOrder(db: Db, ownerId: number, orderSn: string): Promise<Order | null> {
  const rows = await selectOrders(db, and(eq(orders.userId, ownerId), eq(orders.orderSn, orderSn)));
  const [order] = withPayments(rows);
  return order ?? null;
}

export async function findOrderById(db: Db, orderId: number): Promise<Order | null> {
  const [order] = withPayments(await selectOrders(db, eq(orders.id, orderId)));
  return order ?? null;
}

/** The owner's orders, newest first. */
export async function listOrders(db: Db, ownerId: number, query: PageQuery): Promise<Page<Order>> {
  const rows = await selectOrders(db, eq(orders.userId, ownerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const countAll = async () =>
    (await db.select({ n: totalOverAll() }).from(orders).where(eq(orders.userId, ownerId)).limit(1))[0]?.n ??
    0;
  const page = await toPage(rows, query, (row) => row, countAll);
  return { ...page, items: withPayments(page.items) };
}
