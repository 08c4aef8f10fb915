-- Reserving a box for a new order (src/domain/orders/create-order.ts), in one call: lock the box's
-- stock rows, count the boxes held by live orders, insert the order if one is left. Every buyer of
-- a box waits for that lock, so it must be held for as little as can be: inside this function no
-- round trip to the API falls between taking it and committing (the caller runs it on its own,
-- outside any transaction). Each statement of a PL/pgSQL function reads a fresh snapshot, so the
-- count sees every order committed by the buyer who held the lock before.
-- Live orders: paid and not yet drawn, or unpaid within their time plus the capture grace (the
-- rule of src/domain/orders/reservation.ts, whose constants are passed in).
-- Returns the new order's id, or null and the boxes left when there are too few.
CREATE OR REPLACE FUNCTION arttoy_reserve_box(
  p_box_model_id integer,
  p_quantity integer,
  p_grace_seconds integer,
  p_reservation_minutes integer,
  p_order_sn text,
  p_user_id integer,
  p_unit_price_minor bigint,
  p_currency text,
  p_idempotency_key text
) RETURNS TABLE (reserved_order_id integer, boxes_left integer) LANGUAGE plpgsql AS $$
DECLARE
  v_stock integer;
  v_held integer;
  v_id integer;
BEGIN
  SELECT coalesce(sum(locked.stock), 0)::integer INTO v_stock
  FROM (
    SELECT f.stock FROM box_model_figures f WHERE f.box_model_id = p_box_model_id ORDER BY f.figure_id FOR UPDATE
  ) AS locked;
  SELECT coalesce(sum(o.quantity), 0)::integer INTO v_held
  FROM orders o
  WHERE o.box_model_id = p_box_model_id
    AND (o.status = 'paid' OR (o.status = 'pending_payment' AND o.expires_at + make_interval(secs => p_grace_seconds) > now()));
  IF v_stock - v_held < p_quantity THEN
    RETURN QUERY SELECT NULL::integer, greatest(v_stock - v_held, 0);
    RETURN;
  END IF;
  INSERT INTO orders (order_sn, user_id, box_model_id, quantity, unit_price_minor, total_minor, currency, idempotency_key, expires_at)
  VALUES (p_order_sn, p_user_id, p_box_model_id, p_quantity, p_unit_price_minor, p_unit_price_minor * p_quantity, p_currency, p_idempotency_key,
    now() + make_interval(mins => p_reservation_minutes))
  RETURNING id INTO v_id;
  RETURN QUERY SELECT v_id, v_stock - v_held - p_quantity;
END;
$$;
