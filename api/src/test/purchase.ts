/** Helpers for tests of the purchase flow: order a box, pay it through the sandbox page, capture. */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type {
  CaptureResult,
  DrawProof,
  Order,
  ShipRequest,
  StartPaymentResult,
} from '@arttoy/shared/contracts/api';
import type { Db } from '../db/connect';
import { boxModelFigures, boxModels, orders, users } from '../db/schema';
import { newOrderSn } from '../domain/orders/order-sn';
import type { TestUser } from './auth-emulator';
import type { TestApi } from './helper';

export const bearer = (user?: TestUser) => (user ? { authorization: `Bearer ${user.idToken}` } : {});

/** Throws with the body when the status is not the expected one (setup steps, not assertions). */
export function expectStatus(response: LightMyRequestResponse, status: number): LightMyRequestResponse {
  if (response.statusCode !== status)
    throw new Error(`Expected ${status}, got ${response.statusCode}: ${response.body}`);
  return response;
}

export function postOrder(
  api: TestApi,
  user: TestUser | undefined,
  body: object,
  key: string = randomUUID(),
) {
  return api.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...bearer(user), 'idempotency-key': key },
    payload: body,
  });
}

export async function orderBox(api: TestApi, user: TestUser, boxModelId: number): Promise<Order> {
  return expectStatus(await postOrder(api, user, { boxModelId }), 201).json<Order>();
}

export async function startPayment(
  api: TestApi,
  user: TestUser,
  orderSn: string,
  body: object = { provider: 'sandbox' },
): Promise<StartPaymentResult> {
  const response = await api.app.inject({
    method: 'POST',
    url: `/api/orders/${orderSn}/payments`,
    headers: bearer(user),
    payload: body,
  });
  return expectStatus(response, 201).json<StartPaymentResult>();
}

/** The buyer's choice on the sandbox page, as the browser's form post sends it; returns the redirect. */
export async function decideOnSandboxPage(
  api: TestApi,
  token: string,
  action: 'approve' | 'cancel',
): Promise<string> {
  const response = await api.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, action }).toString(),
  });
  return String(expectStatus(response, 303).headers.location);
}

export function capture(api: TestApi, user: TestUser | undefined, token: string) {
  return api.app.inject({
    method: 'POST',
    url: '/api/payments/capture',
    headers: bearer(user),
    payload: { token },
  });
}

/** A box order's capture result: it always has its draw. */
export type BoxCapture = CaptureResult & { draw: DrawProof };

/** Order → sandbox payment → approve → capture: a fulfilled order with its draw. */
export async function buyBox(
  api: TestApi,
  user: TestUser,
  boxModelId: number,
  payment: object = { provider: 'sandbox' },
): Promise<BoxCapture> {
  const order = await orderBox(api, user, boxModelId);
  const started = await startPayment(api, user, order.orderSn, payment);
  const result = started.result ?? (await approveAndCapture(api, user, started.payment.token ?? ''));
  if (!result.draw) throw new Error(`Box order ${order.orderSn} was paid without a draw.`);
  return { ...result, draw: result.draw };
}

/** The buyer approves on the sandbox page and comes back: the capture's result. */
export async function approveAndCapture(api: TestApi, user: TestUser, token: string): Promise<CaptureResult> {
  await decideOnSandboxPage(api, token, 'approve');
  return expectStatus(await capture(api, user, token), 200).json<CaptureResult>();
}

/** Pays a ship request's fee through the sandbox (approve, capture): the request is then the warehouse's. */
export async function payShipOut(api: TestApi, user: TestUser, request: ShipRequest): Promise<CaptureResult> {
  if (!request.orderSn) throw new Error(`Ship request ${request.id} has no fee order to pay.`);
  const started = await startPayment(api, user, request.orderSn);
  return approveAndCapture(api, user, started.payment.token ?? '');
}

/** The id of a seed box model. */
export async function seedBoxId(api: TestApi, slug: string): Promise<number> {
  const [row] = await api.db.select({ id: boxModels.id }).from(boxModels).where(eq(boxModels.slug, slug));
  if (!row) throw new Error(`No box model ${slug} in the seed catalogue.`);
  return row.id;
}

/** Sets a box's stock: `units` for the first figures (by id), one each, and 0 for the rest; or per figure id. */
export async function setStock(
  api: TestApi,
  boxId: number,
  stockByFigure: (figureId: number, index: number) => number,
): Promise<void> {
  const lines = await api.db
    .select({ figureId: boxModelFigures.figureId })
    .from(boxModelFigures)
    .where(eq(boxModelFigures.boxModelId, boxId))
    .orderBy(asc(boxModelFigures.figureId));
  for (const [index, line] of lines.entries()) {
    await api.db
      .update(boxModelFigures)
      .set({ stock: stockByFigure(line.figureId, index) })
      .where(and(eq(boxModelFigures.boxModelId, boxId), eq(boxModelFigures.figureId, line.figureId)));
  }
}

export async function totalStock(api: TestApi, boxId: number): Promise<number> {
  const [row] = await api.db
    .select({ n: sql<number>`sum(${boxModelFigures.stock})::int`.mapWith(Number) })
    .from(boxModelFigures)
    .where(eq(boxModelFigures.boxModelId, boxId));
  return row?.n ?? 0;
}

/** Moves an order's whole life `minutes` into the past (its reservation ran out that long ago). */
export async function ageOrder(api: TestApi, orderSn: string, minutes: number): Promise<void> {
  const shift = sql.raw(`interval '${minutes} minutes'`);
  await api.db
    .update(orders)
    .set({ createdAt: sql`${orders.createdAt} - ${shift}`, expiresAt: sql`${orders.expiresAt} - ${shift}` })
    .where(eq(orders.orderSn, orderSn));
}

/**
 * Cancels every unpaid order of `user` that no capture has started, as their Cancel would: the next
 * order of a box they held is a new one, not their open hold resumed.
 */
export async function cancelOpenHolds(api: TestApi, user: TestUser): Promise<void> {
  await api.db.execute(sql`update orders o set status = 'cancelled', cancelled_at = now(), updated_at = now()
    from users u where u.id = o.user_id and u.firebase_uid = ${user.uid}
      and o.status = 'pending_payment' and o.capture_started_at is null`);
}

/** A buyer of its own and their unpaid order for `box`, written straight to the database (no payment, no reservation count). */
export async function insertPendingBoxOrder(
  db: Db,
  box: typeof boxModels.$inferSelect,
  buyerName: string,
): Promise<typeof orders.$inferSelect> {
  const [user] = await db
    .insert(users)
    .values({ firebaseUid: `${buyerName}-${randomUUID()}` })
    .returning();
  const [row] = await db
    .insert(orders)
    .values({
      orderSn: newOrderSn(),
      userId: user!.id,
      boxModelId: box.id,
      quantity: 1,
      unitPriceMinor: box.priceMinor,
      totalMinor: box.priceMinor,
      currency: box.currency,
      idempotencyKey: randomUUID(),
      expiresAt: sql`now() + interval '15 minutes'`,
    })
    .returning();
  return row!;
}
