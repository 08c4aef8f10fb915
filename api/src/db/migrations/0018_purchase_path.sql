-- The purchase path in fewer round trips (src/domain/payments/payment-service.ts): a drop's buyers
-- all pay at once, and every statement costs a round trip, a build in the API and a parse in
-- PostgreSQL. Three calls, each doing what the API did in several statements, with the same rules.

-- Starting a sandbox payment in one statement (it was six: begin, lock the order, insert the
-- payment, insert the sandbox's checkout, record the provider's order on the payment, commit): the
-- buyer's order locked, refused unless it waits for payment and still holds its box (the rule of
-- holdsItsBox in src/domain/orders/reservation.ts, whose constants it takes), then the sandbox's
-- checkout and the payment, recorded as created with the checkout as its provider order. The
-- checkout's id follows from the payment's key (sandbox-provider.ts), so a checkout already made
-- under it is kept. No row: no such order of this buyer. A refused order: its status, kind and
-- whether it holds its box, and no payment.
CREATE OR REPLACE FUNCTION arttoy_start_sandbox_payment(
  p_user_id bigint,
  p_order_sn text,
  p_idempotency_key text,
  p_checkout_id text,
  p_approval_url text,
  p_save_method boolean,
  p_return_url text,
  p_cancel_url text,
  p_grace_seconds integer,
  p_hold_seconds integer
) RETURNS TABLE (
  order_status text, order_kind text, payable boolean, payment_id bigint, payment_status text, provider_order_id text,
  approval_url text, amount_minor bigint, currency text, created_at timestamptz, captured_at timestamptz
) LANGUAGE plpgsql AS $$
DECLARE
  v_order orders%ROWTYPE;
  v_payable boolean;
  v_payment payments%ROWTYPE;
BEGIN
  SELECT * INTO v_order FROM orders o WHERE o.user_id = p_user_id AND o.order_sn = p_order_sn FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  v_payable := now() < v_order.expires_at + make_interval(secs => p_grace_seconds)
    OR coalesce(now() < v_order.capture_started_at + make_interval(secs => p_hold_seconds), false);
  IF v_order.status <> 'pending_payment' OR NOT v_payable THEN
    RETURN QUERY SELECT v_order.status, v_order.kind, v_payable, NULL::bigint, NULL::text, NULL::text, NULL::text, NULL::bigint, NULL::text,
      NULL::timestamptz, NULL::timestamptz;
    RETURN;
  END IF;
  INSERT INTO sandbox_checkouts (id, reference, amount_minor, currency, status, return_url, cancel_url, save_method, vault_token)
  VALUES (p_checkout_id, v_order.order_sn, v_order.total_minor, v_order.currency, 'created', p_return_url, p_cancel_url, p_save_method, NULL)
  ON CONFLICT (id) DO NOTHING;
  INSERT INTO payments (order_id, provider, provider_order_id, idempotency_key, amount_minor, currency, status, provider_status, approval_url,
    save_method, vault_token)
  VALUES (v_order.id, 'sandbox', p_checkout_id, p_idempotency_key, v_order.total_minor, v_order.currency, 'created', 'CREATED', p_approval_url,
    p_save_method, NULL)
  RETURNING * INTO v_payment;
  RETURN QUERY SELECT v_order.status, v_order.kind, v_payable, v_payment.id, v_payment.status, v_payment.provider_order_id, v_payment.approval_url,
    v_payment.amount_minor, v_payment.currency, v_payment.created_at, v_payment.captured_at;
END;
$$;--> statement-breakpoint
-- A capture's first statement inside its transaction (it was four: lock the order and its payment,
-- the sandbox's capture, mark the payment captured, lock the buyer's seed with the box's stock).
-- Locks the order and the payment (the order first, as every other path does) and returns both.
-- When the capture is the common one (a box order waiting for payment whose capture the caller
-- claimed as 'held', paid through the sandbox, whose checkout is approved and matches the order), it
-- also takes it: completes the checkout (p_capture_id; p_vault_token when the buyer asked to save the
-- method), marks the payment captured, saves the method, and returns the buyer's active seed
-- (locked) with the box's stock lines, read after the lock as the draw needs them. `captured` says
-- whether it did; if not, nothing but the locks was taken, and the API goes its general way.
CREATE OR REPLACE FUNCTION arttoy_begin_capture(
  p_order_id bigint,
  p_token text,
  p_claim text,
  p_capture_id text,
  p_vault_token text
) RETURNS TABLE (order_row jsonb, payment_row jsonb, captured boolean, checkout_row jsonb, seed_row jsonb, lines json)
LANGUAGE plpgsql AS $$
DECLARE
  v_order orders%ROWTYPE;
  v_payment payments%ROWTYPE;
  v_checkout sandbox_checkouts%ROWTYPE;
  v_seed server_seeds%ROWTYPE;
BEGIN
  PERFORM 1 FROM orders o JOIN payments p ON p.order_id = o.id AND p.provider_order_id = p_token WHERE o.id = p_order_id LIMIT 1 FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT * INTO v_order FROM orders o WHERE o.id = p_order_id;
  SELECT * INTO v_payment FROM payments p WHERE p.order_id = p_order_id AND p.provider_order_id = p_token ORDER BY p.id LIMIT 1;
  IF v_order.status <> 'pending_payment' OR v_order.kind <> 'box' OR p_claim IS DISTINCT FROM 'held' OR v_payment.provider <> 'sandbox' THEN
    RETURN QUERY SELECT to_jsonb(v_order), to_jsonb(v_payment), false, NULL::jsonb, NULL::jsonb, NULL::json;
    RETURN;
  END IF;
  UPDATE sandbox_checkouts c
  SET status = 'completed', capture_id = p_capture_id, vault_token = coalesce(c.vault_token, CASE WHEN c.save_method THEN p_vault_token END), updated_at = now()
  WHERE c.id = p_token AND c.status = 'approved' AND c.reference = v_order.order_sn AND c.currency = v_order.currency
    AND c.amount_minor = v_order.total_minor
  RETURNING * INTO v_checkout;
  IF NOT FOUND THEN
    RETURN QUERY SELECT to_jsonb(v_order), to_jsonb(v_payment), false, NULL::jsonb, NULL::jsonb, NULL::json;
    RETURN;
  END IF;
  UPDATE payments p
  SET status = 'captured', captured_at = now(), capture_id = v_checkout.capture_id, provider_status = 'COMPLETED',
    vault_token = coalesce(v_checkout.vault_token, p.vault_token), approval_url = NULL, updated_at = now()
  WHERE p.id = v_payment.id
  RETURNING * INTO v_payment;
  IF v_checkout.vault_token IS NOT NULL THEN
    INSERT INTO payment_methods (user_id, provider, vault_token, label) VALUES (v_order.user_id, 'sandbox', v_checkout.vault_token, 'Sandbox test account')
    ON CONFLICT DO NOTHING;
  END IF;
  SELECT * INTO v_seed FROM server_seeds s WHERE s.user_id = v_order.user_id AND s.revealed_at IS NULL FOR UPDATE;
  RETURN QUERY SELECT to_jsonb(v_order), to_jsonb(v_payment), true, to_jsonb(v_checkout), CASE WHEN v_seed.id IS NULL THEN NULL ELSE to_jsonb(v_seed) END,
    (SELECT coalesce(json_agg(json_build_object('figureId', f.figure_id, 'oddsPpm', f.odds_ppm, 'stock', f.stock) ORDER BY f.figure_id), '[]'::json)
      FROM box_model_figures f WHERE f.box_model_id = v_order.box_model_id);
END;
$$;--> statement-breakpoint
-- A draw's writes in one call (src/domain/draws/fulfil.ts; they were two statements): one unit of
-- the drawn figure taken from stock only if one is left (`stock > 0`, checked on the row's newest
-- version), and then, and only then, the seed's nonce moved on, the draw and its locker item
-- written, the order fulfilled, and the live room's pull recorded and announced at commit (as
-- src/domain/feed/record.ts does). Returns the draw's id, or null when the figure's last unit went
-- meanwhile and nothing was written (the API reads the stock again and maps the same roll onto it).
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
