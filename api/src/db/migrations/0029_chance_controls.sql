CREATE TABLE "chance_controls" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"birth_month" date,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"day_minor" bigint,
	"week_minor" bigint,
	"month_minor" bigint,
	"day_next_minor" bigint,
	"week_next_minor" bigint,
	"month_next_minor" bigint,
	"day_next_at" timestamp with time zone,
	"week_next_at" timestamp with time zone,
	"month_next_at" timestamp with time zone,
	"break_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chance_controls_birth_month" CHECK (extract(day from "chance_controls"."birth_month") = 1),
	CONSTRAINT "chance_controls_amounts" CHECK (coalesce("chance_controls"."day_minor", 0) >= 0 and coalesce("chance_controls"."week_minor", 0) >= 0 and coalesce("chance_controls"."month_minor", 0) >= 0
        and coalesce("chance_controls"."day_next_minor", 0) >= 0 and coalesce("chance_controls"."week_next_minor", 0) >= 0 and coalesce("chance_controls"."month_next_minor", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "chance_controls" ADD CONSTRAINT "chance_controls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- POST /api/orders (src/domain/orders/create-order.ts): the rules an account set for chance purchases
-- (src/domain/chance/, table chance_controls), decided under the lock on the buyer's user row, then
-- arttoy_order_box in the same statement, which takes that lock again (already held) before it counts
-- and inserts: no order of the same buyer can come between the check and the insert, on any instance.
-- Refusals, in this order (the answer's `refused`, the order's fields null):
--   'age_unconfirmed' no month of birth confirmed; 'under_age' of age (p_min_age) only from the first
--   day of the month after the birthday month; 'on_break' before break_until; 'limit_currency' a limit
--   is set in another currency than the box's; 'limit_day' / 'limit_week' / 'limit_month' the box's
--   price on top of what the period counts would pass the period's limit (periods in the account's
--   time zone, weeks from Monday). What a period counts: the account's box orders placed in it that
--   are paid, fulfilled or awaiting payment (held or not: one held now may still be paid), so fifty
--   holds at once cannot all be paid past the limit. A resumed hold (the same box awaiting payment)
--   is not a new purchase and is not counted again.
-- A limit's raise waiting for its cool-off applies from its time (`*_next_at`) on, read here.
-- A refusal answers the box's price and currency in the order's fields. p_min_age null: no age asked
-- (tests of other features; the API's settings always pass one). No row: no such box on sale.
CREATE OR REPLACE FUNCTION arttoy_order_chance_box(
  p_min_age integer,
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
  v_rules record; -- a row of chance_controls, or nulls: typed when it runs, so creating it needs no table
  v_refused text;
  v_local timestamp;
  v_price bigint;
  v_limit bigint;
  v_spent bigint;
  v_period text;
BEGIN
  SELECT * INTO v_box FROM box_models b WHERE b.id = p_box_model_id AND b.active;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  PERFORM 1 FROM users u WHERE u.id = p_user_id FOR NO KEY UPDATE;
  SELECT * INTO v_rules FROM chance_controls c WHERE c.user_id = p_user_id;
  IF p_min_age IS NOT NULL AND v_rules.birth_month IS NULL THEN
    v_refused := 'age_unconfirmed';
  ELSIF p_min_age > 0 AND v_rules.birth_month IS NOT NULL AND (now() AT TIME ZONE 'UTC')::date < v_rules.birth_month + make_interval(years => p_min_age, months => 1) THEN
    v_refused := 'under_age';
  ELSIF v_rules.break_until > now() THEN
    v_refused := 'on_break';
  ELSIF NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = p_user_id AND o.box_model_id = p_box_model_id
      AND o.status = 'pending_payment' AND o.expires_at > now() AND o.capture_started_at IS NULL) THEN
    v_local := now() AT TIME ZONE v_rules.time_zone;
    v_price := v_box.price_minor * p_quantity;
    FOREACH v_period IN ARRAY ARRAY['day', 'week', 'month'] LOOP
      v_limit := CASE v_period
        WHEN 'day' THEN CASE WHEN v_rules.day_next_at <= now() THEN v_rules.day_next_minor ELSE v_rules.day_minor END
        WHEN 'week' THEN CASE WHEN v_rules.week_next_at <= now() THEN v_rules.week_next_minor ELSE v_rules.week_minor END
        ELSE CASE WHEN v_rules.month_next_at <= now() THEN v_rules.month_next_minor ELSE v_rules.month_minor END
      END;
      CONTINUE WHEN v_limit IS NULL;
      IF v_box.currency <> v_rules.currency THEN
        v_refused := 'limit_currency';
        EXIT;
      END IF;
      SELECT coalesce(sum(o.total_minor), 0) INTO v_spent FROM orders o
      WHERE o.user_id = p_user_id AND o.kind = 'box' AND o.currency = v_rules.currency
        AND o.status IN ('pending_payment', 'paid', 'fulfilled')
        AND o.created_at >= date_trunc(v_period, v_local) AT TIME ZONE v_rules.time_zone;
      IF v_spent + v_price > v_limit THEN
        v_refused := 'limit_' || v_period;
        EXIT;
      END IF;
    END LOOP;
  END IF;
  IF v_refused IS NOT NULL THEN
    RETURN QUERY SELECT v_box.id, v_box.slug, v_box.name, NULL::bigint, NULL::integer, v_refused, NULL::integer,
      v_box.price_minor * p_quantity, v_box.price_minor * p_quantity, v_box.currency, NULL::timestamptz, NULL::timestamptz;
    RETURN;
  END IF;
  RETURN QUERY SELECT * FROM arttoy_order_box(p_box_model_id, p_quantity, p_grace_seconds, p_hold_seconds, p_reservation_minutes, p_order_sn,
    p_user_id, p_idempotency_key, p_request, p_client_seed, p_max_unpaid_per_box, p_max_unpaid_per_user);
END;
$$;
