-- Reserving a box for a new order (src/domain/orders/create-order.ts), in one call, outside any
-- transaction, so that no round trip to the API falls between taking a lock and committing.
-- Caps on unpaid orders per account (src/domain/orders/order-limits.ts): the buyer's live unpaid
-- orders, for this box and over all boxes, counted under a lock on the buyer's user row (FOR NO KEY
-- UPDATE), so two orders of one buyer at once are counted one after the other.
-- One buyer at a time takes a box: the box's row (box_models) is locked exclusively, then the boxes
-- held and the stock are counted, in that order, each after the lock; draws do not wait for it.
-- No box is sold twice: every change to the count of boxes on sale goes through the box's row
-- (orders, lapsed holds taken again), or changes the stock and the boxes held together in one commit
-- (a draw), or only makes more boxes available (cancel, expiry, restock); and the stock never goes
-- below zero (`stock > 0`, checked on the row's newest version).
-- One open hold per buyer and box: while an order of the buyer for this box awaits payment within
-- its time, with no capture started, ordering the box again resumes it (found under the buyer's row
-- lock, so two orders sent at once find one hold, never make two).
-- Returns the new order's id, or the open hold's id with 'resumed', or null with why not: 'sold_out'
-- (boxes_left is what is left), 'unpaid_per_box' or 'unpaid_per_user' (unpaid is the buyer's count
-- that reached the cap).
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
  v_open bigint;
BEGIN
  PERFORM 1 FROM users u WHERE u.id = p_user_id FOR NO KEY UPDATE;
  SELECT o.id INTO v_open FROM orders o
  WHERE o.user_id = p_user_id AND o.box_model_id = p_box_model_id AND o.status = 'pending_payment'
    AND o.expires_at > now() AND o.capture_started_at IS NULL
  ORDER BY o.created_at DESC, o.id DESC LIMIT 1;
  IF v_open IS NOT NULL THEN
    RETURN QUERY SELECT v_open, NULL::integer, 'resumed'::text, NULL::integer;
    RETURN;
  END IF;
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
  -- One buyer at a time takes a box: the box's row, locked (not its stock rows, which draws take
  -- one unit from at the same time). The boxes held are counted first, then the stock, each with a
  -- snapshot of its own taken after the lock: a draw that commits between the two (one unit less
  -- in stock, one order less holding a box) makes the count one too low for this call, never too high.
  PERFORM 1 FROM box_models b WHERE b.id = p_box_model_id FOR NO KEY UPDATE;
  v_held := arttoy_boxes_held(p_box_model_id, NULL, p_grace_seconds, p_hold_seconds, now());
  SELECT coalesce(sum(f.stock), 0)::integer INTO v_stock FROM box_model_figures f WHERE f.box_model_id = p_box_model_id;
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
