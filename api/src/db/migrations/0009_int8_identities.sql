-- int8 ids for every table that grows with traffic: an int4 identity ends at 2,147,483,647, and
-- every insert after it fails (a users sequence used up answered every signed-in request 500). Changing an identity column's type changes its sequence's too;
-- each table is rewritten once, under an exclusive lock, while this runs (seconds for a year of orders).
ALTER TABLE "users" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "id" SET MAXVALUE 9223372036854775807;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "id" SET MAXVALUE 9223372036854775807;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "user_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "id" SET MAXVALUE 9223372036854775807;--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "user_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "id" SET MAXVALUE 9223372036854775807;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "order_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "id" SET MAXVALUE 9223372036854775807;--> statement-breakpoint
ALTER TABLE "draws" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "draws" ALTER COLUMN "id" SET MAXVALUE 9223372036854775807;--> statement-breakpoint
ALTER TABLE "draws" ALTER COLUMN "order_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "draws" ALTER COLUMN "user_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "draws" ALTER COLUMN "server_seed_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "locker_items" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "locker_items" ALTER COLUMN "id" SET MAXVALUE 9223372036854775807;--> statement-breakpoint
ALTER TABLE "locker_items" ALTER COLUMN "user_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "locker_items" ALTER COLUMN "draw_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "locker_items" ALTER COLUMN "ship_request_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "server_seeds" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "server_seeds" ALTER COLUMN "id" SET MAXVALUE 9223372036854775807;--> statement-breakpoint
ALTER TABLE "server_seeds" ALTER COLUMN "user_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "ship_requests" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "ship_requests" ALTER COLUMN "id" SET MAXVALUE 9223372036854775807;--> statement-breakpoint
ALTER TABLE "ship_requests" ALTER COLUMN "user_id" SET DATA TYPE bigint;--> statement-breakpoint
-- The functions that take or return those ids, with int8 arguments: arttoy_boxes_held and
-- arttoy_claim_capture (migration 0007), arttoy_reserve_box (migration 0008). Their bodies are
-- unchanged; the int4 versions go, so no call can still pass an id through int4.
DROP FUNCTION IF EXISTS arttoy_reserve_box(integer, integer, integer, integer, integer, text, integer, bigint, text, text, jsonb, text, integer, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS arttoy_claim_capture(integer, integer, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS arttoy_boxes_held(integer, integer, integer, integer, timestamptz);--> statement-breakpoint
CREATE OR REPLACE FUNCTION arttoy_boxes_held(
  p_box_model_id integer,
  p_except_order_id bigint,
  p_grace_seconds integer,
  p_hold_seconds integer,
  p_at timestamptz
) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(o.quantity), 0)::integer
  FROM orders o
  WHERE o.box_model_id = p_box_model_id
    AND o.id IS DISTINCT FROM p_except_order_id
    AND (o.status = 'paid' OR (o.status = 'pending_payment' AND (
      o.expires_at + make_interval(secs => p_grace_seconds) > p_at
      OR o.capture_started_at + make_interval(secs => p_hold_seconds) > p_at)));
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION arttoy_claim_capture(
  p_order_id bigint,
  p_grace_seconds integer,
  p_hold_seconds integer
) RETURNS TABLE (decision text, order_status text) LANGUAGE plpgsql AS $$
DECLARE
  v_order orders%ROWTYPE;
  v_stock integer;
  v_now timestamptz;
BEGIN
  SELECT * INTO v_order FROM orders o WHERE o.id = p_order_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'missing'::text, NULL::text;
    RETURN;
  END IF;
  IF v_order.status <> 'pending_payment' THEN
    RETURN QUERY SELECT 'not_pending'::text, v_order.status;
    RETURN;
  END IF;
  SELECT coalesce(sum(locked.stock), 0)::integer INTO v_stock
  FROM (
    SELECT f.stock FROM box_model_figures f WHERE f.box_model_id = v_order.box_model_id ORDER BY f.figure_id FOR UPDATE
  ) AS locked;
  v_now := clock_timestamp();
  IF v_order.expires_at + make_interval(secs => p_grace_seconds) <= v_now
    AND (v_order.capture_started_at IS NULL OR v_order.capture_started_at + make_interval(secs => p_hold_seconds) <= v_now) THEN
    IF v_order.capture_started_at IS NULL THEN
      RETURN QUERY SELECT 'expired'::text, v_order.status;
      RETURN;
    END IF;
    IF v_stock - arttoy_boxes_held(v_order.box_model_id, v_order.id, p_grace_seconds, p_hold_seconds, v_now) < v_order.quantity THEN
      RETURN QUERY SELECT 'settle'::text, v_order.status;
      RETURN;
    END IF;
  END IF;
  UPDATE orders SET capture_started_at = v_now, updated_at = v_now WHERE id = p_order_id;
  RETURN QUERY SELECT 'held'::text, v_order.status;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION arttoy_reserve_box(
  p_box_model_id integer,
  p_quantity integer,
  p_grace_seconds integer,
  p_hold_seconds integer,
  p_reservation_minutes integer,
  p_order_sn text,
  p_user_id bigint,
  p_unit_price_minor bigint,
  p_currency text,
  p_idempotency_key text,
  p_request jsonb,
  p_client_seed text,
  p_max_unpaid_per_box integer,
  p_max_unpaid_per_user integer
) RETURNS TABLE (reserved_order_id bigint, boxes_left integer, refused text, unpaid integer) LANGUAGE plpgsql AS $$
DECLARE
  v_stock integer;
  v_held integer;
  v_id bigint;
  v_seed_id bigint;
  v_lookups integer := 0;
  v_unpaid_box integer;
  v_unpaid_user integer;
BEGIN
  PERFORM 1 FROM users u WHERE u.id = p_user_id FOR NO KEY UPDATE;
  SELECT count(*) FILTER (WHERE o.box_model_id = p_box_model_id)::integer, count(*)::integer INTO v_unpaid_box, v_unpaid_user
  FROM orders o
  WHERE o.user_id = p_user_id AND o.status = 'pending_payment'
    AND (o.expires_at + make_interval(secs => p_grace_seconds) > now() OR o.capture_started_at + make_interval(secs => p_hold_seconds) > now());
  IF v_unpaid_box >= p_max_unpaid_per_box THEN
    RETURN QUERY SELECT NULL::bigint, NULL::integer, 'unpaid_per_box'::text, v_unpaid_box;
    RETURN;
  END IF;
  IF v_unpaid_user >= p_max_unpaid_per_user THEN
    RETURN QUERY SELECT NULL::bigint, NULL::integer, 'unpaid_per_user'::text, v_unpaid_user;
    RETURN;
  END IF;
  IF p_client_seed IS NOT NULL THEN
    LOOP
      SELECT s.id INTO v_seed_id FROM server_seeds s WHERE s.user_id = p_user_id AND s.revealed_at IS NULL FOR UPDATE;
      EXIT WHEN v_seed_id IS NOT NULL;
      v_lookups := v_lookups + 1;
      IF v_lookups >= 10 THEN
        RAISE EXCEPTION 'No active server seed for user % to set the client seed on: create it first (GET /api/me/fairness does).', p_user_id;
      END IF;
    END LOOP;
  END IF;
  SELECT coalesce(sum(locked.stock), 0)::integer INTO v_stock
  FROM (
    SELECT f.stock FROM box_model_figures f WHERE f.box_model_id = p_box_model_id ORDER BY f.figure_id FOR UPDATE
  ) AS locked;
  v_held := arttoy_boxes_held(p_box_model_id, NULL, p_grace_seconds, p_hold_seconds, now());
  IF v_stock - v_held < p_quantity THEN
    RETURN QUERY SELECT NULL::bigint, greatest(v_stock - v_held, 0), 'sold_out'::text, v_unpaid_box;
    RETURN;
  END IF;
  INSERT INTO orders (order_sn, user_id, box_model_id, quantity, unit_price_minor, total_minor, currency, idempotency_key, request, expires_at)
  VALUES (p_order_sn, p_user_id, p_box_model_id, p_quantity, p_unit_price_minor, p_unit_price_minor * p_quantity, p_currency, p_idempotency_key,
    p_request, now() + make_interval(mins => p_reservation_minutes))
  RETURNING id INTO v_id;
  IF v_seed_id IS NOT NULL THEN
    UPDATE server_seeds SET client_seed = p_client_seed WHERE id = v_seed_id;
  END IF;
  RETURN QUERY SELECT v_id, v_stock - v_held - p_quantity, NULL::text, v_unpaid_box + 1;
END;
$$;
