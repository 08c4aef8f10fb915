CREATE INDEX "orders_unpaid_by_user_idx" ON "orders" USING btree ("user_id","box_model_id") WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
-- Caps on unpaid orders per account (src/domain/orders/order-limits.ts): one account could hold a
-- box's whole stock with unpaid orders, and renew the holds forever. Reserving a box now counts the
-- buyer's live unpaid orders (awaiting payment within their time plus the grace, or with a capture
-- under way: the rule of arttoy_boxes_held) for this box and over all boxes, and refuses past
-- p_max_unpaid_per_box or p_max_unpaid_per_user. The count is taken under a lock on the buyer's
-- user row (FOR NO KEY UPDATE: foreign-key checks of rows that name the user do not wait for it),
-- so two orders of one buyer at once, for the same box or for different boxes, are counted one
-- after the other, and a cap holds under concurrency. Locks: the user row, then the buyer's active
-- seed, then the box's stock rows (migration 0006's order after the user row).
-- Returns the new order's id, or null with why not: 'sold_out' (boxes_left is what is left),
-- 'unpaid_per_box' or 'unpaid_per_user' (unpaid is the buyer's count that reached the cap).
DROP FUNCTION IF EXISTS arttoy_reserve_box(integer, integer, integer, integer, integer, text, integer, bigint, text, text, jsonb, text);--> statement-breakpoint
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
  p_client_seed text,
  p_max_unpaid_per_box integer,
  p_max_unpaid_per_user integer
) RETURNS TABLE (reserved_order_id integer, boxes_left integer, refused text, unpaid integer) LANGUAGE plpgsql AS $$
DECLARE
  v_stock integer;
  v_held integer;
  v_id integer;
  v_seed_id integer;
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
    RETURN QUERY SELECT NULL::integer, NULL::integer, 'unpaid_per_box'::text, v_unpaid_box;
    RETURN;
  END IF;
  IF v_unpaid_user >= p_max_unpaid_per_user THEN
    RETURN QUERY SELECT NULL::integer, NULL::integer, 'unpaid_per_user'::text, v_unpaid_user;
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
    RETURN QUERY SELECT NULL::integer, greatest(v_stock - v_held, 0), 'sold_out'::text, v_unpaid_box;
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
$$;--> statement-breakpoint
-- Box pages show the boxes on sale: stock minus the boxes held by live orders (src/domain/catalogue/
-- columns.ts). So a change to orders is announced like a catalogue change (migration 0002), and the
-- cached stock answers are dropped: every insert or delete, and updates of what decides whether an
-- order holds a box (status, its time, a capture's start); other updates of an order do not move the count.
CREATE TRIGGER orders_changed AFTER INSERT OR DELETE OR TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION arttoy_notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER orders_hold_changed AFTER UPDATE OF status, expires_at, capture_started_at ON "orders" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.capture_started_at IS DISTINCT FROM NEW.capture_started_at)
  EXECUTE FUNCTION arttoy_notify_data_changed();
