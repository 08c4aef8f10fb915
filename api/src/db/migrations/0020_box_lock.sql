-- A drop's buyers all buy one box: ordering, claiming a capture and drawing each locked every stock
-- row of the box (migrations 0009 and 0019), so every step of every purchase of the box waited for
-- every other, each holding the rows until its commit (a draw's across a round trip to the API).
-- Now:
-- - ordering (arttoy_reserve_box) locks the box's row (box_models) exclusively instead, then counts
--   the boxes held and the stock, in that order, each after the lock: one order at a time per box,
--   and no wait for draws;
-- - a claim (arttoy_claim_capture) shares the box's row with other claims, and takes it exclusively
--   only to take a box again for an order whose hold had lapsed, counting as ordering does;
-- - a draw (arttoy_write_draw) takes the drawn figure's row alone, as before migration 0019, and an
--   attempt that finds no unit left holds no lock after it (a subtransaction), so no draw holds two.
-- Why no box is sold twice: every change to the count of boxes on sale goes through the box's row
-- (orders, lapsed holds taken again), or changes the stock and the boxes held together in one
-- commit (a draw), or only makes more boxes available (cancel, expiry, restock); and the stock never
-- goes below zero (`stock > 0`, checked on the row's newest version).
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
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION arttoy_claim_capture(
  p_order_id bigint,
  p_grace_seconds integer,
  p_hold_seconds integer
) RETURNS TABLE (decision text, order_status text) LANGUAGE plpgsql AS $$
DECLARE
  v_order orders%ROWTYPE;
  v_stock integer;
  v_held integer;
  v_now timestamptz;
  v_shared boolean;
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
  -- The box's row: an order ordering the box locks it exclusively, and waits for the claims under
  -- way (seeing their holds), as they wait for it. A claim whose order holds its box for a minute
  -- more at least shares the row with the other claims; one nearer its end, or past it, takes the
  -- row exclusively from the start (two claims sharing it, then both taking it exclusively, would
  -- deadlock). A lapsed order takes a box again only if one is left, counted as ordering counts.
  IF v_order.expires_at + make_interval(secs => p_grace_seconds) > clock_timestamp() + interval '60 seconds'
    OR coalesce(v_order.capture_started_at + make_interval(secs => p_hold_seconds) > clock_timestamp() + interval '60 seconds', false) THEN
    PERFORM 1 FROM box_models b WHERE b.id = v_order.box_model_id FOR SHARE;
    v_shared := true;
  ELSE
    PERFORM 1 FROM box_models b WHERE b.id = v_order.box_model_id FOR NO KEY UPDATE;
    v_shared := false;
  END IF;
  v_now := clock_timestamp();
  IF v_order.expires_at + make_interval(secs => p_grace_seconds) <= v_now
    AND (v_order.capture_started_at IS NULL OR v_order.capture_started_at + make_interval(secs => p_hold_seconds) <= v_now) THEN
    IF v_order.capture_started_at IS NULL THEN
      RETURN QUERY SELECT 'expired'::text, v_order.status;
      RETURN;
    END IF;
    IF v_shared THEN
      -- Lapsed while waiting over a minute for the shared lock.
      PERFORM 1 FROM box_models b WHERE b.id = v_order.box_model_id FOR NO KEY UPDATE;
    END IF;
    v_held := arttoy_boxes_held(v_order.box_model_id, v_order.id, p_grace_seconds, p_hold_seconds, v_now);
    SELECT coalesce(sum(f.stock), 0)::integer INTO v_stock FROM box_model_figures f WHERE f.box_model_id = v_order.box_model_id;
    IF v_stock - v_held < v_order.quantity THEN
      RETURN QUERY SELECT 'settle'::text, v_order.status;
      RETURN;
    END IF;
  END IF;
  UPDATE orders SET capture_started_at = v_now, updated_at = v_now WHERE id = p_order_id;
  RETURN QUERY SELECT 'held'::text, v_order.status;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION arttoy_write_draw(
  p_order_id bigint,
  p_user_id bigint,
  p_box_model_id integer,
  p_seed_id bigint,
  p_seed_hash text,
  p_client_seed text,
  p_nonce integer,
  p_roll_ppm integer,
  p_figure_id integer,
  p_odds_lines jsonb
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_draw_id bigint;
  v_event_id bigint;
BEGIN
  -- One unit of the drawn figure, in a subtransaction: when its last unit went meanwhile, the
  -- UPDATE that waited for the row and found no unit still holds the row's lock, and the API then
  -- tries another figure; rolled back, the attempt holds nothing, so a draw never holds two stock
  -- rows (two draws taking them in opposite orders would deadlock).
  BEGIN
    UPDATE box_model_figures SET stock = stock - 1 WHERE box_model_id = p_box_model_id AND figure_id = p_figure_id AND stock > 0;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'no_data_found';
    END IF;
  EXCEPTION WHEN no_data_found THEN
    RETURN NULL;
  END;
  UPDATE server_seeds SET next_nonce = next_nonce + 1 WHERE id = p_seed_id;
  INSERT INTO draws (order_id, user_id, box_model_id, server_seed_id, server_seed_hash, client_seed, nonce, roll_ppm, figure_id, odds_lines)
  VALUES (p_order_id, p_user_id, p_box_model_id, p_seed_id, p_seed_hash, p_client_seed, p_nonce, p_roll_ppm, p_figure_id, p_odds_lines)
  RETURNING id INTO v_draw_id;
  INSERT INTO locker_items (user_id, figure_id, draw_id) VALUES (p_user_id, p_figure_id, v_draw_id);
  UPDATE orders SET status = 'fulfilled', paid_at = now(), fulfilled_at = now(), updated_at = now(), capture_started_at = NULL WHERE id = p_order_id;
  INSERT INTO feed_events (kind, user_id, payload)
  SELECT 'pull', p_user_id, jsonb_build_object(
    'figure', jsonb_build_object('id', f.id, 'slug', f.slug, 'name', f.name, 'rarity', f.rarity, 'seriesName', s.name),
    'boxName', (SELECT b.name FROM box_models b WHERE b.id = p_box_model_id),
    'drawId', v_draw_id,
    'price', NULL::jsonb
  )
  FROM figures f JOIN series s ON s.id = f.series_id
  WHERE f.id = p_figure_id
  RETURNING id INTO v_event_id;
  IF v_event_id IS NULL THEN
    RAISE EXCEPTION 'Figure % of a pull event not found.', p_figure_id;
  END IF;
  PERFORM pg_notify('arttoy_feed_event', v_event_id::text);
  RETURN v_draw_id;
END;
$$;
