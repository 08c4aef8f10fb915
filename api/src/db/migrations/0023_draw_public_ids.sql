-- The default is volatile: adding the column gives every existing draw a public id of its own.
ALTER TABLE "draws" ADD COLUMN "public_id" text DEFAULT translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_') NOT NULL;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_public_id_unique" UNIQUE("public_id");--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_public_id_format" CHECK ("draws"."public_id" ~ '^[A-Za-z0-9_-]{22}$');