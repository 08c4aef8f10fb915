-- Starting a sandbox payment in one statement (src/domain/payments/payment-service.ts): the buyer's
-- order locked, refused unless it waits for payment and still holds its box (the rule of holdsItsBox
-- in src/domain/orders/reservation.ts, whose constants it takes), then the sandbox's checkout and the
-- payment, recorded as created with the checkout as its provider order. The checkout's id follows
-- from the payment's key (sandbox-provider.ts), so a checkout already made under it is kept. No row:
-- no such order of this buyer. A refused order: its status, kind and whether it holds its box, and no
-- payment.
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
$$;
