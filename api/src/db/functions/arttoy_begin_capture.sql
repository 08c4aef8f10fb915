-- A capture's first statement inside its transaction (src/domain/payments/payment-service.ts).
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
$$;
