ALTER TABLE "orders" ADD COLUMN "capture_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD CONSTRAINT "sandbox_checkouts_refund_id_unique" UNIQUE("refund_id");--> statement-breakpoint
-- The boxes of a box model held at p_at by live orders other than p_except_order_id: paid and not yet
-- drawn, or unpaid within their time plus the grace, or with a capture under way for less than the hold.
CREATE OR REPLACE FUNCTION arttoy_boxes_held(
  p_box_model_id integer,
  p_except_order_id integer,
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
-- A capture under way holds its box (orders.capture_started_at): the reservation (migration 0006)
-- now also counts an unpaid order whose capture started less than p_hold_seconds ago, whatever its
-- own time says, so a buyer's capture that outlasts the order's time never finds its box sold.
DROP FUNCTION IF EXISTS arttoy_reserve_box(integer, integer, integer, integer, text, integer, bigint, text, text, jsonb, text);--> statement-breakpoint
CREATE OR REPLACE FUNCTION arttoy_reserve_box(
  p_box_model_id integer,
  p_quantity integer,
  p_grace_seconds integer,
  p_hold_seconds integer,
  p_reservation_minutes integer,
  p_order_sn text,
  p_user_id integer,
  p_unit_price_minor bigint,
  p_currency text,
  p_idempotency_key text,
  p_request jsonb,
  p_client_seed text
) RETURNS TABLE (reserved_order_id integer, boxes_left integer) LANGUAGE plpgsql AS $$
DECLARE
  v_stock integer;
  v_held integer;
  v_id integer;
  v_seed_id integer;
  v_lookups integer := 0;
BEGIN
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
    RETURN QUERY SELECT NULL::integer, greatest(v_stock - v_held, 0);
    RETURN;
  END IF;
  INSERT INTO orders (order_sn, user_id, box_model_id, quantity, unit_price_minor, total_minor, currency, idempotency_key, request, expires_at)
  VALUES (p_order_sn, p_user_id, p_box_model_id, p_quantity, p_unit_price_minor, p_unit_price_minor * p_quantity, p_currency, p_idempotency_key,
    p_request, now() + make_interval(mins => p_reservation_minutes))
  RETURNING id INTO v_id;
  IF v_seed_id IS NOT NULL THEN
    UPDATE server_seeds SET client_seed = p_client_seed WHERE id = v_seed_id;
  END IF;
  RETURN QUERY SELECT v_id, v_stock - v_held - p_quantity;
END;
$$;--> statement-breakpoint
-- Before a provider is asked to take a buyer's money (src/domain/payments/payment-service.ts), in a
-- statement of its own that commits before the call: marks the order's capture as started, so it
-- holds its box while the provider answers (for p_hold_seconds; a capture still in doubt after that
-- is settled by src/domain/payments/reconcile.ts). The box's stock rows are locked
-- as the reservation locks them, and the clock read after taking them, so a reservation either ran
-- before (and its order counts here) or runs after (and counts this hold).
-- Decisions: 'held' (the order had its box: within its time plus the grace, or its capture hold; or
-- a capture had started before, its hold ran out, and a box is still free: taken again), 'settle' (a
-- capture had started, its hold ran out and no box is free: the provider is asked, and a payment it
-- took is refunded), 'expired' (past its time, no capture started: nothing may be charged),
-- 'not_pending' (paid, fulfilled, cancelled, expired or refunded: `order_status` says which), and
-- 'missing'.
CREATE OR REPLACE FUNCTION arttoy_claim_capture(
  p_order_id integer,
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
$$;
