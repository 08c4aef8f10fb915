/**
 * The purchase path's floor (served by bench/floor-server.ts): the four requests of bench/purchase.ts
 * answered with the statements the API sends for them, in the same order and transactions, with
 * `pg` alone. What it leaves out is the API's own work: token verification (the buyer's id is read
 * from the token's payload, unverified), request and answer schemas, the answer cache and its
 * invalidation, the live feed's reads, logging, security headers. Answers carry the rows as read.
 * The SQL texts are the API's (create-order.ts, payment-service.ts, capture-hold.ts,
 * sandbox-provider.ts, fulfil.ts, order-view.ts, draw-proof.ts); `api/bench/load.ts` audits what a
 * run left, as it does after the API's runs. Never used to serve visitors.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { drawFigure } from '@arttoy/shared/fair';
import { newOrderSn } from '../src/domain/orders/order-sn';
import { DEFAULT_UNPAID_ORDER_LIMITS } from '../src/domain/orders/order-limits';
import { CAPTURE_GRACE_SECONDS, CAPTURE_HOLD_SECONDS } from '../src/domain/orders/reservation';

const ORDER_RESERVATION_MINUTES = 15;
const RETURN_URL = 'http://localhost:3000/payment/order_pay';

const ORDER_BOX = `
  select box_id as "boxId", box_slug as "boxSlug", box_name as "boxName", reserved_order_id as "orderId",
    boxes_left as "left", refused, unpaid, unit_price_minor as "unitPriceMinor",
    total_minor as "totalMinor", currency, created_at as "createdAt", expires_at as "expiresAt"
  from arttoy_order_box($1::int, $2::int, $3::int, $4::int, $5::int, $6, $7::bigint, $8, $9::jsonb,
    $10::text, $11::int, $12::int)`;
const START_SANDBOX_PAYMENT = `
  select order_status as "orderStatus", order_kind as "orderKind", payable, payment_id as "id",
    payment_status as "status", provider_order_id as "providerOrderId", approval_url as "approvalUrl",
    amount_minor as "amountMinor", currency, created_at as "createdAt", captured_at as "capturedAt"
  from arttoy_start_sandbox_payment($1::bigint, $2, $3, $4, $5, $6, $7, $8, $9::int, $10::int)`;
const APPROVE = `
  update "sandbox_checkouts"
  set "status" = $1, "updated_at" = now()
  where ("sandbox_checkouts"."id" = $2 and "sandbox_checkouts"."status" = $3)
  returning "return_url", "cancel_url"`;
const CLAIM = `
  select o.id, o.order_sn as "orderSn", o.kind, o.status, case when o.status = 'pending_payment' then
    (select c.decision from arttoy_claim_capture(o.id, $1::int, $2::int) c) end as decision
  from orders o
  where o.id = (select p.order_id from payments p where p.provider_order_id = $3 limit 1)
  and ($4::bigint is null or o.user_id = $5::bigint)`;
const BEGIN_CAPTURE = `
  select order_row as "order", payment_row as "payment", captured, checkout_row as "checkout",
    seed_row as "seed", lines
  from arttoy_begin_capture($1::bigint, $2, $3::text, $4::text, $5::text)`;
const WRITE_DRAW = `
  select arttoy_write_draw($1::bigint, $2::bigint, $3::int, $4::bigint, $5, $6, $7::int, $8::int, $9::int,
    $10::jsonb) as "drawId"`;
// The two reads of a capture's answer, named as the API's are (order-view.ts, draw-proof.ts).
const DRAW_OF_ORDER = `
  select "draws"."id", "draws"."order_id", "draws"."user_id", "draws"."box_model_id",
    "draws"."server_seed_id", "draws"."server_seed_hash", "draws"."revealed_seed", "draws"."client_seed",
    "draws"."nonce", "draws"."roll_ppm", "draws"."figure_id", "draws"."odds_lines", "draws"."created_at",
    "orders"."order_sn", "locker_items"."id", "figures"."id", "figures"."slug", "figures"."name",
    "figures"."description", "figures"."number", "figures"."rarity", "figures"."height_mm", "series"."slug",
    "series"."name", "styles"."slug", "styles"."name", (count(*) over ())::int
  from "draws"
  inner join "orders" on "draws"."order_id" = "orders"."id"
  inner join "locker_items" on "locker_items"."draw_id" = "draws"."id"
  inner join "figures" on "draws"."figure_id" = "figures"."id"
  inner join "series" on "figures"."series_id" = "series"."id"
  inner join "styles" on "series"."style_id" = "styles"."id"
  where "draws"."order_id" = $1`;
const ORDER_VIEW = `
  select "orders"."id", "orders"."order_sn", "orders"."user_id", "orders"."kind", "orders"."box_model_id",
    "orders"."ship_request_id", "orders"."listing_id", "orders"."quantity", "orders"."unit_price_minor",
    "orders"."total_minor", "orders"."currency", "orders"."status", "orders"."idempotency_key",
    "orders"."request", "orders"."created_at", "orders"."updated_at", "orders"."expires_at",
    "orders"."paid_at", "orders"."fulfilled_at", "orders"."expired_at", "orders"."cancelled_at",
    "orders"."refunded_at", "orders"."capture_started_at", (select coalesce(json_agg(to_jsonb(p) order by
    p.created_at desc, p.id desc), '[]'::json) from "payments" p where p.order_id = "orders"."id"),
    "box_models"."slug", "box_models"."name", "ship_requests"."address", "ship_requests"."item_ids",
    "listings"."locker_item_id", "figures"."id", "figures"."slug", "figures"."name", "users"."handle",
    "draws"."id", "locker_items"."id", (count(*) over ())::int
  from "orders"
  left join "box_models" on "orders"."box_model_id" = "box_models"."id"
  left join "ship_requests" on "orders"."ship_request_id" = "ship_requests"."id"
  left join "listings" on "orders"."listing_id" = "listings"."id"
  left join "figures" on "listings"."figure_id" = "figures"."id"
  left join "users" on "listings"."seller_id" = "users"."id"
  left join "draws" on "draws"."order_id" = "orders"."id"
  left join "locker_items" on "locker_items"."draw_id" = "draws"."id"
  where "orders"."id" = $1`;

/** A client's mistake or a refusal: answered with this status and message. */
export class FloorRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex').toUpperCase()}`;

interface SeedRow {
  id: number;
  seed: string;
  seed_hash: string;
  client_seed: string;
  next_nonce: number;
}

export function purchaseFloor(pool: Pool) {
  // The buyer's row (and active seed) once per uid, as the API keeps its users in memory (users.ts).
  const users = new Map<string, Promise<number>>();
  const userOf = (authorization: string | undefined): Promise<number> => {
    const payload = authorization?.startsWith('Bearer ') ? authorization.slice(7).split('.')[1] : undefined;
    if (!payload) throw new FloorRefusal(401, 'Sign in: send Authorization: Bearer <ID token>.');
    const uid = (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub?: string }).sub;
    if (!uid) throw new FloorRefusal(401, 'The ID token names no user.');
    let user = users.get(uid);
    if (!user) {
      user = knownUser(uid);
      users.set(uid, user);
    }
    return user;
  };
  async function knownUser(uid: string): Promise<number> {
    await pool.query('insert into users (firebase_uid) values ($1) on conflict (firebase_uid) do nothing', [
      uid,
    ]);
    const { rows } = await pool.query<{ id: string }>('select id from users where firebase_uid = $1', [uid]);
    const id = Number(rows[0]?.id);
    const seed = randomBytes(32).toString('hex');
    await pool.query(
      `insert into server_seeds (user_id, seed, seed_hash, client_seed) values ($1, $2, $3, $4)
       on conflict (user_id) where revealed_at is null do nothing`,
      [id, seed, createHash('sha256').update(seed).digest('hex'), randomBytes(8).toString('hex')],
    );
    return id;
  }

  async function order(
    authorization: string | undefined,
    idempotencyKey: string,
    body: { boxModelId?: unknown },
  ) {
    const userId = await userOf(authorization);
    const boxModelId = Number(body.boxModelId);
    const orderSn = newOrderSn();
    const { rows } = await pool.query(ORDER_BOX, [
      boxModelId,
      1,
      CAPTURE_GRACE_SECONDS,
      CAPTURE_HOLD_SECONDS,
      ORDER_RESERVATION_MINUTES,
      orderSn,
      userId,
      idempotencyKey,
      JSON.stringify({ quantity: 1, boxModelId, clientSeed: null }),
      null,
      DEFAULT_UNPAID_ORDER_LIMITS.perBox,
      DEFAULT_UNPAID_ORDER_LIMITS.perAccount,
    ]);
    const row = rows[0] as { orderId: string | null } | undefined;
    if (!row?.orderId) throw new FloorRefusal(409, `Box ${boxModelId} took no order.`);
    return { orderSn, ...row };
  }

  async function startPayment(authorization: string | undefined, orderSn: string) {
    const userId = await userOf(authorization);
    const requestKey = randomUUID();
    const providerOrderId = `SBX-${createHash('sha256').update(`create-${requestKey}`).digest('hex').slice(0, 24).toUpperCase()}`;
    const approvalUrl = `/api/payments/sandbox/checkout?token=${encodeURIComponent(providerOrderId)}`;
    const { rows } = await pool.query(START_SANDBOX_PAYMENT, [
      userId,
      orderSn,
      requestKey,
      providerOrderId,
      approvalUrl,
      false,
      RETURN_URL,
      `${RETURN_URL}?cancelled=1`,
      CAPTURE_GRACE_SECONDS,
      CAPTURE_HOLD_SECONDS,
    ]);
    const row = rows[0] as { payable: boolean; id: string | null } | undefined;
    if (!row?.payable || row.id === null) throw new FloorRefusal(409, `Order ${orderSn} cannot be paid.`);
    return { payment: { ...row, token: providerOrderId } };
  }

  async function approve(token: string): Promise<string> {
    const { rows } = await pool.query<{ return_url: string }>(APPROVE, ['approved', token, 'created']);
    if (!rows[0]) throw new FloorRefusal(409, `Checkout ${token} is not waiting for approval.`);
    return `${rows[0].return_url}?token=${encodeURIComponent(token)}`;
  }

  async function capture(authorization: string | undefined, token: string) {
    const userId = await userOf(authorization);
    const { rows: claimed } = await pool.query<{ id: string; decision: string | null }>(CLAIM, [
      CAPTURE_GRACE_SECONDS,
      CAPTURE_HOLD_SECONDS,
      token,
      userId,
      userId,
    ]);
    const found = claimed[0];
    if (!found) throw new FloorRefusal(404, `Payment ${token} not found.`);
    if (found.decision !== 'held')
      throw new FloorRefusal(409, `Payment ${token}: ${found.decision ?? 'not waiting for payment'}.`);
    const orderId = Number(found.id);
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{
        order: { user_id: number; box_model_id: number };
        captured: boolean;
        seed: SeedRow | null;
        lines: { figureId: number; oddsPpm: number; stock: number }[];
      }>(BEGIN_CAPTURE, [orderId, token, 'held', newId('SBXC-'), newId('SBXV-')]);
      const begun = rows[0];
      if (!begun?.captured || !begun.seed) throw new FloorRefusal(409, `Payment ${token} was not taken.`);
      const { seed } = begun;
      const lines = begun.lines
        .filter((line) => line.stock > 0)
        .map(({ figureId, oddsPpm }) => ({ figureId, oddsPpm }));
      const result = drawFigure({
        serverSeed: seed.seed,
        clientSeed: seed.client_seed,
        nonce: seed.next_nonce,
        lines,
      });
      const written = await client.query<{ drawId: string | null }>(WRITE_DRAW, [
        orderId,
        begun.order.user_id,
        begun.order.box_model_id,
        seed.id,
        seed.seed_hash,
        seed.client_seed,
        seed.next_nonce,
        result.rollPpm,
        result.figureId,
        JSON.stringify(lines),
      ]);
      if (!written.rows[0]?.drawId)
        throw new FloorRefusal(409, `Order ${orderId}: the drawn figure sold out.`);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
    const [view, draw] = await Promise.all([
      pool.query({ name: 'order_view_by_id', text: ORDER_VIEW, values: [orderId], rowMode: 'array' }),
      pool.query({ name: 'draw_of_order', text: DRAW_OF_ORDER, values: [orderId], rowMode: 'array' }),
    ]);
    return { order: view.rows[0], draw: draw.rows[0] };
  }

  return { order, startPayment, approve, capture };
}
