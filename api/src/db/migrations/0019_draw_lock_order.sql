-- A draw locks its box's stock rows in the order every other writer of them does (migration 0018's
-- arttoy_write_draw, with that lock first).
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
  -- The box's stock rows are locked in figure order first, as ordering (arttoy_reserve_box) and a
  -- capture's claim lock them: taking the drawn figure's row alone (and, when its last unit had
  -- gone, another's) locked them in the roll's order, and a purchase storm on one box deadlocked
  -- an order against a draw (PostgreSQL aborted one of them, and its buyer got a 500).
  PERFORM 1 FROM box_model_figures f WHERE f.box_model_id = p_box_model_id ORDER BY f.figure_id FOR UPDATE;
  UPDATE box_model_figures SET stock = stock - 1 WHERE box_model_id = p_box_model_id AND figure_id = p_figure_id AND stock > 0;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
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
