-- A draw's writes in one call (src/domain/draws/fulfil.ts): one unit of the drawn figure taken from
-- stock only if one is left (`stock > 0`, checked on the row's newest version), and then, and only
-- then, the seed's nonce moved on, the draw and its locker item written, the order fulfilled, and
-- the live room's pull recorded and announced at commit (as src/domain/feed/record.ts does), and a
-- hidden secret revealed to everyone at its p_reveal_after-th pull (migration 0021). Takes
-- the drawn figure's row alone; an attempt that finds no unit left holds no lock after it (a
-- subtransaction), so no draw holds two. Returns the draw's id, or null when the figure's last unit
-- went meanwhile and nothing was written (the API reads the stock again and maps the same roll onto
-- it).
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
  p_odds_lines jsonb,
  p_reveal_after integer
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
  -- Checked first: figures' change trigger is per statement and drops every cached catalogue
  -- answer, so the UPDATE runs only on the pull that reveals.
  IF EXISTS (SELECT 1 FROM figures WHERE id = p_figure_id AND rarity = 'secret' AND revealed_at IS NULL)
     AND (SELECT count(*) FROM draws WHERE figure_id = p_figure_id) >= p_reveal_after THEN
    UPDATE figures SET revealed_at = now() WHERE id = p_figure_id AND revealed_at IS NULL;
  END IF;
  RETURN v_draw_id;
END;
$$;
