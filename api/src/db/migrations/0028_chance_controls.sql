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
ALTER TABLE "chance_controls" ADD CONSTRAINT "chance_controls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;