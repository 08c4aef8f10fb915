ALTER TABLE "ship_requests" ADD COLUMN "fee_minor" integer;--> statement-breakpoint
ALTER TABLE "ship_requests" ADD COLUMN "fee_currency" text;--> statement-breakpoint
ALTER TABLE "ship_requests" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "ship_requests" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "ship_requests" ADD CONSTRAINT "ship_requests_fee" CHECK (("ship_requests"."fee_minor" IS NULL) = ("ship_requests"."fee_currency" IS NULL) AND ("ship_requests"."fee_minor" IS NULL OR ("ship_requests"."fee_minor" >= 0 AND "ship_requests"."fee_currency" ~ '^[A-Z]{3}$')));--> statement-breakpoint
ALTER TABLE "ship_requests" ADD CONSTRAINT "ship_requests_tracking" CHECK (("ship_requests"."carrier" IS NULL) = ("ship_requests"."tracking_number" IS NULL) AND ("ship_requests"."tracking_number" IS NULL OR "ship_requests"."status" = 'shipped'));