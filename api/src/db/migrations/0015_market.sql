CREATE TABLE "feed_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feed_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_events_kind" CHECK ("feed_events"."kind" IN ('pull', 'sale'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"sale_id" bigint,
	"payout_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_payout_id_unique" UNIQUE("payout_id"),
	CONSTRAINT "ledger_entries_kind" CHECK ("ledger_entries"."kind" IN ('sale', 'fee', 'payout')),
	CONSTRAINT "ledger_entries_kind_fields" CHECK (CASE "ledger_entries"."kind"
        WHEN 'sale' THEN "ledger_entries"."amount_minor" > 0 AND "ledger_entries"."sale_id" IS NOT NULL AND "ledger_entries"."payout_id" IS NULL
        WHEN 'fee' THEN "ledger_entries"."amount_minor" < 0 AND "ledger_entries"."sale_id" IS NOT NULL AND "ledger_entries"."payout_id" IS NULL
        WHEN 'payout' THEN "ledger_entries"."amount_minor" < 0 AND "ledger_entries"."payout_id" IS NOT NULL AND "ledger_entries"."sale_id" IS NULL
        ELSE FALSE END)
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"locker_item_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"figure_id" integer NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "listings_status" CHECK ("listings"."status" IN ('open', 'sold', 'withdrawn')),
	CONSTRAINT "listings_price_range" CHECK ("listings"."price_minor" BETWEEN 100 AND 1000000),
	CONSTRAINT "listings_currency_format" CHECK ("listings"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "listings_closed_at" CHECK (("listings"."status" = 'open') = ("listings"."closed_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "payout_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_requests_status" CHECK ("payout_requests"."status" IN ('requested')),
	CONSTRAINT "payout_requests_amount_positive" CHECK ("payout_requests"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"locker_item_id" bigint NOT NULL,
	"figure_id" integer NOT NULL,
	"seller_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"price_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_listing_id_unique" UNIQUE("listing_id"),
	CONSTRAINT "sales_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "sales_not_to_self" CHECK ("sales"."seller_id" <> "sales"."buyer_id"),
	CONSTRAINT "sales_fee_within_price" CHECK ("sales"."fee_minor" >= 0 AND "sales"."fee_minor" < "sales"."price_minor")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_kind";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_kind_target";--> statement-breakpoint
ALTER TABLE "locker_items" DROP CONSTRAINT "locker_items_status";--> statement-breakpoint
ALTER TABLE "locker_items" DROP CONSTRAINT "locker_items_status_fields";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "feed_visible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "listing_id" bigint;--> statement-breakpoint
ALTER TABLE "feed_events" ADD CONSTRAINT "feed_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payout_requests_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payout_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_locker_item_id_locker_items_id_fk" FOREIGN KEY ("locker_item_id") REFERENCES "public"."locker_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_figure_id_figures_id_fk" FOREIGN KEY ("figure_id") REFERENCES "public"."figures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_locker_item_id_locker_items_id_fk" FOREIGN KEY ("locker_item_id") REFERENCES "public"."locker_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_figure_id_figures_id_fk" FOREIGN KEY ("figure_id") REFERENCES "public"."figures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_events_created_idx" ON "feed_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_one_per_sale_kind" ON "ledger_entries" USING btree ("sale_id","kind") WHERE "ledger_entries"."sale_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_one_open_per_item" ON "listings" USING btree ("locker_item_id") WHERE "listings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "listings_open_by_figure_idx" ON "listings" USING btree ("figure_id","price_minor") WHERE "listings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "listings_seller_idx" ON "listings" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_requests_user_idx" ON "payout_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_by_figure_idx" ON "sales" USING btree ("figure_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_by_item_idx" ON "sales" USING btree ("locker_item_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_live_by_listing_idx" ON "orders" USING btree ("listing_id") WHERE "orders"."status" IN ('pending_payment', 'paid');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind" CHECK ("orders"."kind" IN ('box', 'ship_out', 'listing'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_target" CHECK (CASE "orders"."kind" WHEN 'box' THEN "orders"."box_model_id" IS NOT NULL AND "orders"."ship_request_id" IS NULL AND "orders"."listing_id" IS NULL
        WHEN 'ship_out' THEN "orders"."ship_request_id" IS NOT NULL AND "orders"."box_model_id" IS NULL AND "orders"."listing_id" IS NULL
        WHEN 'listing' THEN "orders"."listing_id" IS NOT NULL AND "orders"."box_model_id" IS NULL AND "orders"."ship_request_id" IS NULL ELSE FALSE END);--> statement-breakpoint
ALTER TABLE "locker_items" ADD CONSTRAINT "locker_items_status" CHECK ("locker_items"."status" IN ('in_locker', 'listed', 'ship_requested', 'shipped'));--> statement-breakpoint
ALTER TABLE "locker_items" ADD CONSTRAINT "locker_items_status_fields" CHECK (CASE "locker_items"."status"
        WHEN 'in_locker' THEN "locker_items"."ship_requested_at" IS NULL AND "locker_items"."shipped_at" IS NULL AND "locker_items"."ship_request_id" IS NULL
        WHEN 'listed' THEN "locker_items"."ship_requested_at" IS NULL AND "locker_items"."shipped_at" IS NULL AND "locker_items"."ship_request_id" IS NULL
        WHEN 'ship_requested' THEN "locker_items"."ship_address" IS NOT NULL AND "locker_items"."ship_requested_at" IS NOT NULL AND "locker_items"."shipped_at" IS NULL
        WHEN 'shipped' THEN "locker_items"."ship_address" IS NOT NULL AND "locker_items"."ship_requested_at" IS NOT NULL AND "locker_items"."shipped_at" IS NOT NULL
        ELSE FALSE END);