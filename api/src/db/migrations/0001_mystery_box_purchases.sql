CREATE TABLE "payment_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"vault_token" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_provider_token" UNIQUE("provider","vault_token"),
	CONSTRAINT "payment_methods_provider" CHECK ("payment_methods"."provider" IN ('sandbox', 'paypal'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"save_method" boolean DEFAULT false NOT NULL,
	"vault_token" text,
	"capture_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_checkouts_capture_id_unique" UNIQUE("capture_id"),
	CONSTRAINT "sandbox_checkouts_status" CHECK ("sandbox_checkouts"."status" IN ('created', 'approved', 'cancelled', 'completed')),
	CONSTRAINT "sandbox_checkouts_amount_positive" CHECK ("sandbox_checkouts"."amount_minor" > 0),
	CONSTRAINT "sandbox_checkouts_captured" CHECK (("sandbox_checkouts"."status" = 'completed') = ("sandbox_checkouts"."capture_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"resource_id" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_provider_event" UNIQUE("provider","event_id"),
	CONSTRAINT "webhook_events_provider" CHECK ("webhook_events"."provider" IN ('sandbox', 'paypal'))
);
--> statement-breakpoint
CREATE TABLE "server_seeds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "server_seeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "server_seeds_seed_hash_unique" UNIQUE("seed_hash"),
	CONSTRAINT "server_seeds_seed_format" CHECK ("server_seeds"."seed" ~ '^[0-9a-f]{64}$' AND "server_seeds"."seed_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "server_seeds_client_seed_length" CHECK (char_length("server_seeds"."client_seed") BETWEEN 1 AND 64),
	CONSTRAINT "server_seeds_nonce_non_negative" CHECK ("server_seeds"."next_nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ship_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ship_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"address" jsonb NOT NULL,
	"item_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "ship_requests_status" CHECK ("ship_requests"."status" IN ('requested', 'shipped', 'cancelled')),
	CONSTRAINT "ship_requests_status_fields" CHECK (CASE "ship_requests"."status"
        WHEN 'requested' THEN "ship_requests"."shipped_at" IS NULL AND "ship_requests"."cancelled_at" IS NULL
        WHEN 'shipped' THEN "ship_requests"."shipped_at" IS NOT NULL AND "ship_requests"."cancelled_at" IS NULL
        WHEN 'cancelled' THEN "ship_requests"."cancelled_at" IS NOT NULL AND "ship_requests"."shipped_at" IS NULL
        ELSE FALSE END)
);
--> statement-breakpoint
ALTER TABLE "locker_items" DROP CONSTRAINT "locker_items_status_fields";--> statement-breakpoint
DROP INDEX "draws_order_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "save_method" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "vault_token" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "capture_id" text;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "server_seed_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "odds_lines" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "locker_items" ADD COLUMN "ship_request_id" integer;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_seeds" ADD CONSTRAINT "server_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ship_requests" ADD CONSTRAINT "ship_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_methods_user_idx" ON "payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "server_seeds_one_active" ON "server_seeds" USING btree ("user_id") WHERE "server_seeds"."revealed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "ship_requests_user_idx" ON "ship_requests" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_server_seed_id_server_seeds_id_fk" FOREIGN KEY ("server_seed_id") REFERENCES "public"."server_seeds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_items" ADD CONSTRAINT "locker_items_ship_request_id_ship_requests_id_fk" FOREIGN KEY ("ship_request_id") REFERENCES "public"."ship_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locker_items_ship_request_idx" ON "locker_items" USING btree ("ship_request_id");--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_one_per_order" UNIQUE("order_id");--> statement-breakpoint
ALTER TABLE "locker_items" ADD CONSTRAINT "locker_items_status_fields" CHECK (CASE "locker_items"."status"
        WHEN 'in_locker' THEN "locker_items"."ship_requested_at" IS NULL AND "locker_items"."shipped_at" IS NULL AND "locker_items"."ship_request_id" IS NULL
        WHEN 'ship_requested' THEN "locker_items"."ship_address" IS NOT NULL AND "locker_items"."ship_requested_at" IS NOT NULL AND "locker_items"."shipped_at" IS NULL
        WHEN 'shipped' THEN "locker_items"."ship_address" IS NOT NULL AND "locker_items"."ship_requested_at" IS NOT NULL AND "locker_items"."shipped_at" IS NOT NULL
        ELSE FALSE END);