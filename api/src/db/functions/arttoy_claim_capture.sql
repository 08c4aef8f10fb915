-- Before a provider is asked to take a buyer's money (src/domain/payments/payment-service.ts), in a
-- statement of its own that commits before the call: marks the order's capture as started, so it
-- holds its box while the provider answers (for p_hold_seconds; a capture still in doubt after that
-- is settled by src/domain/payments/reconcile.ts). A claim shares the box's row with other claims,
-- and takes it exclusively only to take a box again for an order whose hold had lapsed, counting as
-- arttoy_reserve_box does.
-- Decisions: 'held' (the order had its box: within its time plus the grace, or its capture hold; or
-- a capture had started before, its hold ran out, and a box is still free: taken again), 'settle' (a
-- capture had started, its hold ran out and no box is free: the provider is asked, and a payment it
-- took is refunded), 'expired' (past its time, no capture started: nothing may be charged),
-- 'not_pending' (paid, fulfilled, cancelled, expired or refunded: `order_status` says which), and
-- 'missing'.
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
$$;
