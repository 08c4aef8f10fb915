-- POST /api/orders in one call (src/domain/orders/create-order.ts): the box read (on sale only),
-- reserved by arttoy_reserve_box, and the new order's fields that the answer shows returned with it,
-- in one round trip. No row: no such box on sale.
CREATE OR REPLACE FUNCTION arttoy_order_box(
  p_box_model_id integer,
  p_quantity integer,
  p_grace_seconds integer,
  p_hold_seconds integer,
  p_reservation_minutes integer,
  p_order_sn text,
  p_user_id bigint,
  p_idempotency_key text,
  p_request jsonb,
  p_client_seed text,
  p_max_unpaid_per_box integer,
  p_max_unpaid_per_user integer
) RETURNS TABLE (
  box_id integer, box_slug text, box_name text, reserved_order_id bigint, boxes_left integer, refused text, unpaid integer,
  unit_price_minor bigint, total_minor bigint, currency text, created_at timestamptz, expires_at timestamptz
) LANGUAGE plpgsql AS $$
DECLARE
  v_box box_models%ROWTYPE;
  v_reserved record;
BEGIN
  SELECT * INTO v_box FROM box_models b WHERE b.id = p_box_model_id AND b.active;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT * INTO v_reserved FROM arttoy_reserve_box(v_box.id, p_quantity, p_grace_seconds, p_hold_seconds, p_reservation_minutes, p_order_sn,
    p_user_id, v_box.price_minor, v_box.currency, p_idempotency_key, p_request, p_client_seed, p_max_unpaid_per_box, p_max_unpaid_per_user);
  -- Refused: the order's fields are null.
  RETURN QUERY SELECT v_box.id, v_box.slug, v_box.name, v_reserved.reserved_order_id, v_reserved.boxes_left, v_reserved.refused, v_reserved.unpaid,
    o.unit_price_minor, o.total_minor, o.currency, o.created_at, o.expires_at
  FROM (SELECT 1) AS one LEFT JOIN orders o ON o.id = v_reserved.reserved_order_id;
END;
$$;
