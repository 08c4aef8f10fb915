-- The boxes of a box model held at p_at by live orders other than p_except_order_id: paid and not yet
-- drawn, or unpaid within their time plus the grace, or with a capture under way for less than the
-- hold (the rule of holdsItsBox in src/domain/orders/reservation.ts, whose constants are passed in).
CREATE OR REPLACE FUNCTION arttoy_boxes_held(
  p_box_model_id integer,
  p_except_order_id bigint,
  p_grace_seconds integer,
  p_hold_seconds integer,
  p_at timestamptz
) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(o.quantity), 0)::integer
  FROM orders o
  WHERE o.box_model_id = p_box_model_id
    AND o.id IS DISTINCT FROM p_except_order_id
    AND (o.status = 'paid' OR (o.status = 'pending_payment' AND (
      o.expires_at + make_interval(secs => p_grace_seconds) > p_at
      OR o.capture_started_at + make_interval(secs => p_hold_seconds) > p_at)));
$$;
