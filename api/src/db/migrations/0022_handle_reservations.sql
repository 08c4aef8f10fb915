CREATE TABLE "handle_reservations" (
	"handle" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"reserved_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "handle_reservations" ADD CONSTRAINT "handle_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handle_reservations_user_idx" ON "handle_reservations" USING btree ("user_id");