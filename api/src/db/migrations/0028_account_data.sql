CREATE TABLE "export_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "export_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"token_hash" text NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"json_body" text,
	"html_body" text,
	"json_taken_at" timestamp with time zone,
	"html_taken_at" timestamp with time zone,
	CONSTRAINT "export_jobs_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "export_jobs_status" CHECK ("export_jobs"."status" IN ('requested', 'ready', 'expired')),
	CONSTRAINT "export_jobs_ready_fields" CHECK (("export_jobs"."status" = 'requested') = ("export_jobs"."ready_at" IS NULL) AND ("export_jobs"."ready_at" IS NULL) = ("export_jobs"."expires_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pseudonym" text;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_jobs_user_idx" ON "export_jobs" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "export_jobs_requested_idx" ON "export_jobs" USING btree ("requested_at") WHERE "export_jobs"."status" = 'requested';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pseudonym_unique" UNIQUE("pseudonym");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_deleted_erased" CHECK ("users"."deleted_at" IS NULL OR ("users"."email" IS NULL AND "users"."display_name" IS NULL AND "users"."handle" IS NULL AND "users"."pseudonym" IS NOT NULL));