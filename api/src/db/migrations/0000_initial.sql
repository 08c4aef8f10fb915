CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"firebase_uid" text NOT NULL,
	"email" text,
	"display_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_firebase_uid_unique" UNIQUE("firebase_uid"),
	CONSTRAINT "users_firebase_uid_length" CHECK (char_length("users"."firebase_uid") BETWEEN 1 AND 128)
);
--> statement-breakpoint
CREATE TABLE "box_model_figures" (
	"box_model_id" integer NOT NULL,
	"figure_id" integer NOT NULL,
	"odds_ppm" integer NOT NULL,
	"stock" integer NOT NULL,
	CONSTRAINT "box_model_figures_pk" PRIMARY KEY("box_model_id","figure_id"),
	CONSTRAINT "box_model_figures_odds_range" CHECK ("box_model_figures"."odds_ppm" > 0 AND "box_model_figures"."odds_ppm" <= 1000000),
	CONSTRAINT "box_model_figures_stock_non_negative" CHECK ("box_model_figures"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "box_models" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "box_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"series_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_models_slug_unique" UNIQUE("slug"),
	CONSTRAINT "box_models_slug_format" CHECK ("box_models"."slug" ~ '^[a-z0-9]+([-_][a-z0-9]+)*$'),
	CONSTRAINT "box_models_price_positive" CHECK ("box_models"."price_minor" > 0),
	CONSTRAINT "box_models_currency_format" CHECK ("box_models"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "figures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "figures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"series_id" integer NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"rarity" text NOT NULL,
	"art_seed" text NOT NULL,
	"height_mm" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "figures_slug_unique" UNIQUE("slug"),
	CONSTRAINT "figures_series_number" UNIQUE("series_id","number"),
	CONSTRAINT "figures_slug_format" CHECK ("figures"."slug" ~ '^[a-z0-9]+([-_][a-z0-9]+)*$'),
	CONSTRAINT "figures_rarity" CHECK ("figures"."rarity" IN ('regular', 'secret')),
	CONSTRAINT "figures_number_positive" CHECK ("figures"."number" > 0),
	CONSTRAINT "figures_height_positive" CHECK ("figures"."height_mm" > 0)
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"style_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"released_on" date NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_slug_unique" UNIQUE("slug"),
	CONSTRAINT "series_slug_format" CHECK ("series"."slug" ~ '^[a-z0-9]+([-_][a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "styles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "styles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "styles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "styles_slug_format" CHECK ("styles"."slug" ~ '^[a-z0-9]+([-_][a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_sn" text NOT NULL,
	"user_id" integer NOT NULL,
	"box_model_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "orders_order_sn_unique" UNIQUE("order_sn"),
	CONSTRAINT "orders_user_idempotency_key" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "orders_status" CHECK ("orders"."status" IN ('pending_payment', 'paid', 'fulfilled', 'expired', 'cancelled', 'refunded')),
	CONSTRAINT "orders_quantity_range" CHECK ("orders"."quantity" BETWEEN 1 AND 10),
	CONSTRAINT "orders_total_is_price_times_quantity" CHECK ("orders"."total_minor" = "orders"."unit_price_minor" * "orders"."quantity" AND "orders"."unit_price_minor" > 0),
	CONSTRAINT "orders_currency_format" CHECK ("orders"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "orders_expires_after_created" CHECK ("orders"."expires_at" > "orders"."created_at"),
	CONSTRAINT "orders_status_timestamps" CHECK (CASE "orders"."status"
        WHEN 'pending_payment' THEN "orders"."paid_at" IS NULL AND "orders"."fulfilled_at" IS NULL AND "orders"."expired_at" IS NULL AND "orders"."cancelled_at" IS NULL AND "orders"."refunded_at" IS NULL
        WHEN 'paid' THEN "orders"."paid_at" IS NOT NULL AND "orders"."fulfilled_at" IS NULL AND "orders"."expired_at" IS NULL AND "orders"."cancelled_at" IS NULL AND "orders"."refunded_at" IS NULL
        WHEN 'fulfilled' THEN "orders"."paid_at" IS NOT NULL AND "orders"."fulfilled_at" IS NOT NULL AND "orders"."expired_at" IS NULL AND "orders"."cancelled_at" IS NULL AND "orders"."refunded_at" IS NULL
        WHEN 'expired' THEN "orders"."expired_at" IS NOT NULL AND "orders"."paid_at" IS NULL AND "orders"."cancelled_at" IS NULL
        WHEN 'cancelled' THEN "orders"."cancelled_at" IS NOT NULL AND "orders"."paid_at" IS NULL AND "orders"."expired_at" IS NULL
        WHEN 'refunded' THEN "orders"."refunded_at" IS NOT NULL AND "orders"."paid_at" IS NOT NULL AND "orders"."expired_at" IS NULL AND "orders"."cancelled_at" IS NULL
        ELSE FALSE END),
	CONSTRAINT "orders_timestamps_in_order" CHECK (("orders"."paid_at" IS NULL OR "orders"."paid_at" >= "orders"."created_at")
        AND ("orders"."fulfilled_at" IS NULL OR "orders"."fulfilled_at" >= "orders"."paid_at")
        AND ("orders"."refunded_at" IS NULL OR "orders"."refunded_at" >= "orders"."paid_at"))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text,
	"idempotency_key" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider_status" text,
	"approval_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"captured_at" timestamp with time zone,
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_provider_order" UNIQUE("provider","provider_order_id"),
	CONSTRAINT "payments_provider" CHECK ("payments"."provider" IN ('sandbox', 'paypal')),
	CONSTRAINT "payments_status" CHECK ("payments"."status" IN ('created', 'approved', 'captured', 'failed', 'voided', 'refunded')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_minor" > 0),
	CONSTRAINT "payments_currency_format" CHECK ("payments"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payments_captured_at" CHECK (("payments"."status" IN ('captured', 'refunded')) = ("payments"."captured_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "draws" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"box_model_id" integer NOT NULL,
	"server_seed_hash" text NOT NULL,
	"revealed_seed" text,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"roll_ppm" integer NOT NULL,
	"figure_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draws_seed_client_nonce" UNIQUE("server_seed_hash","client_seed","nonce"),
	CONSTRAINT "draws_server_seed_hash_format" CHECK ("draws"."server_seed_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "draws_nonce_non_negative" CHECK ("draws"."nonce" >= 0),
	CONSTRAINT "draws_roll_range" CHECK ("draws"."roll_ppm" >= 0 AND "draws"."roll_ppm" < 1000000)
);
--> statement-breakpoint
CREATE TABLE "locker_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locker_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"figure_id" integer NOT NULL,
	"draw_id" integer,
	"status" text DEFAULT 'in_locker' NOT NULL,
	"ship_address" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ship_requested_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	CONSTRAINT "locker_items_draw_id_unique" UNIQUE("draw_id"),
	CONSTRAINT "locker_items_status" CHECK ("locker_items"."status" IN ('in_locker', 'ship_requested', 'shipped')),
	CONSTRAINT "locker_items_status_fields" CHECK (CASE "locker_items"."status"
        WHEN 'in_locker' THEN "locker_items"."ship_requested_at" IS NULL AND "locker_items"."shipped_at" IS NULL
        WHEN 'ship_requested' THEN "locker_items"."ship_address" IS NOT NULL AND "locker_items"."ship_requested_at" IS NOT NULL AND "locker_items"."shipped_at" IS NULL
        WHEN 'shipped' THEN "locker_items"."ship_address" IS NOT NULL AND "locker_items"."ship_requested_at" IS NOT NULL AND "locker_items"."shipped_at" IS NOT NULL
        ELSE FALSE END)
);
--> statement-breakpoint
ALTER TABLE "box_model_figures" ADD CONSTRAINT "box_model_figures_box_model_id_box_models_id_fk" FOREIGN KEY ("box_model_id") REFERENCES "public"."box_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_model_figures" ADD CONSTRAINT "box_model_figures_figure_id_figures_id_fk" FOREIGN KEY ("figure_id") REFERENCES "public"."figures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_models" ADD CONSTRAINT "box_models_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "figures" ADD CONSTRAINT "figures_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_style_id_styles_id_fk" FOREIGN KEY ("style_id") REFERENCES "public"."styles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_box_model_id_box_models_id_fk" FOREIGN KEY ("box_model_id") REFERENCES "public"."box_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_box_model_id_box_models_id_fk" FOREIGN KEY ("box_model_id") REFERENCES "public"."box_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_figure_id_figures_id_fk" FOREIGN KEY ("figure_id") REFERENCES "public"."figures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_items" ADD CONSTRAINT "locker_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_items" ADD CONSTRAINT "locker_items_figure_id_figures_id_fk" FOREIGN KEY ("figure_id") REFERENCES "public"."figures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_items" ADD CONSTRAINT "locker_items_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "box_model_figures_figure_idx" ON "box_model_figures" USING btree ("figure_id");--> statement-breakpoint
CREATE INDEX "box_models_series_idx" ON "box_models" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "series_style_idx" ON "series" USING btree ("style_id","position","id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "draws_order_idx" ON "draws" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "draws_user_idx" ON "draws" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "locker_items_user_idx" ON "locker_items" USING btree ("user_id","created_at","id");