-- One open hold per buyer and box: ordering a box again while an order of the buyer for it awaits
-- payment within its time, with no capture started (a second click, back from the pay page),
-- answers that order ('resumed') instead of holding a second box. It is looked for under the buyer's
-- row lock, which arttoy_reserve_box takes first, so orders sent at once find one hold between them.
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
