ALTER TABLE "orders" ADD COLUMN "request" jsonb;--> statement-breakpoint
-- Reserving a box (migration 0004) now also keeps the order's request, and sets the client seed the
-- request asked for only when the order is taken: a refused order (sold out) changes nothing.
-- Locks: the buyer's active seed first, then the box's stock rows, the order a draw takes them in
-- (draws/fulfil.ts locks the seed, then takes a unit), so a purchase and the same buyer's draw never
-- wait for each other in a circle. A seed row found revealed after waiting for its lock (a rotation
-- committed meanwhile) is looked for again: the next statement's snapshot holds the new seed.
DROP FUNCTION IF EXISTS arttoy_reserve_box(integer, integer, integer, integer, text, integer, bigint, text, text);--> statement-breakpoint
CREATE OR REPLACE FUNCTION arttoy_reserve_box(
  p_box_model_id integer,
  p_quantity integer,
  p_grace_seconds integer,
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
  SELECT coalesce(sum(o.quantity), 0)::integer INTO v_held
  FROM orders o
  WHERE o.box_model_id = p_box_model_id
    AND (o.status = 'paid' OR (o.status = 'pending_payment' AND o.expires_at + make_interval(secs => p_grace_seconds) > now()));
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
$$;
