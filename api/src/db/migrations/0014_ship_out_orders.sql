ALTER TABLE "ship_requests" DROP CONSTRAINT "ship_requests_status";--> statement-breakpoint
ALTER TABLE "ship_requests" DROP CONSTRAINT "ship_requests_status_fields";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "box_model_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'box' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_request_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ship_request_id_ship_requests_id_fk" FOREIGN KEY ("ship_request_id") REFERENCES "public"."ship_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ship_request_id_unique" UNIQUE("ship_request_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind" CHECK ("orders"."kind" IN ('box', 'ship_out'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_target" CHECK (CASE "orders"."kind" WHEN 'box' THEN "orders"."box_model_id" IS NOT NULL AND "orders"."ship_request_id" IS NULL
        WHEN 'ship_out' THEN "orders"."ship_request_id" IS NOT NULL AND "orders"."box_model_id" IS NULL ELSE FALSE END);--> statement-breakpoint
ALTER TABLE "ship_requests" ADD CONSTRAINT "ship_requests_status" CHECK ("ship_requests"."status" IN ('awaiting_payment', 'requested', 'shipped', 'cancelled'));--> statement-breakpoint
ALTER TABLE "ship_requests" ADD CONSTRAINT "ship_requests_status_fields" CHECK (CASE "ship_requests"."status"
        WHEN 'awaiting_payment' THEN "ship_requests"."shipped_at" IS NULL AND "ship_requests"."cancelled_at" IS NULL
        WHEN 'requested' THEN "ship_requests"."shipped_at" IS NULL AND "ship_requests"."cancelled_at" IS NULL
        WHEN 'shipped' THEN "ship_requests"."shipped_at" IS NOT NULL AND "ship_requests"."cancelled_at" IS NULL
        WHEN 'cancelled' THEN "ship_requests"."cancelled_at" IS NOT NULL AND "ship_requests"."shipped_at" IS NULL
        ELSE FALSE END);